# Found by the fuzzer (seed 5002): NumPy divides a mean's sum by its count
# as an intp, so a complex64 mean is divided in complex128 and rounded
# once per part; real means are rounded once either way.
import numpy as np

a = np.array([complex(1.5, 1.5), complex(1.5, 1.5), complex(0.5, 1.5)], dtype=np.complex64)
print(repr(a.mean()))
print(repr(np.mean(a.reshape(3, 1), axis=0)))
b = np.array([[1 + 2j, 0.1 - 0.7j, 3], [0.3j, 2.5, -1.25 + 1j]], dtype=np.complex64)
print(repr(b.mean(axis=1)), repr(b.mean(axis=0)), repr(b.mean()))
print(repr(b.mean(axis=1, keepdims=True)))
print(repr(np.array([3.5, 1, 2], dtype=np.float32).mean()))
print(repr(np.array([0.1, 0.2, 0.7], dtype=np.float16).mean()))
print(repr(np.arange(7, dtype=np.int8).mean()))
print(repr(np.array([1 + 1j, 2 + 0.1j], dtype=np.complex128).mean()))
