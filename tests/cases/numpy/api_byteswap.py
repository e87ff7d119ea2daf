# ndarray.byteswap: each element's bytes reversed (complex parts each).
import numpy as np

print(np.array([1, 256, 8755], dtype=np.int16).byteswap(), np.array([1, 2], dtype=np.uint32).byteswap())
print(np.array([1.0, -2.5]).byteswap().tobytes().hex(), np.array([1.5], dtype=np.float32).byteswap().view if False else None)
print(np.array([1 + 2j], dtype=np.complex64).byteswap().tobytes().hex(), np.array([True, False]).byteswap(), np.arange(3, dtype=np.int8).byteswap())
a = np.array([[1, 2], [3, 4]], dtype=np.int32)
r = a.byteswap(inplace=True)
print(r is a, a, a.T.byteswap())
b = np.arange(6, dtype=np.uint16)[::2]
print(b.byteswap(), b.byteswap().byteswap())
