# NumPy values in f-strings format as NumPy's __format__ does.
import numpy as np
a = np.array([1.5, 2.25])
print(f"{a}", f"{a.sum()}", f"{a.sum():.3f}", f"{np.float32(1.5):.2f}", f"{np.float32(0.1)}")
print(f"{np.int8(5):03d}", f"{np.int64(1234567):,}", f"{np.float64(2.5):e}", f"{a.mean()=}")
print(f"{np.array(3.5):.1f}", f"{np.uint8(200):x}", f"{np.bool_(True)}", format(np.int8(5), "03d"))
print(f"{a.shape}", f"{a.dtype}", f"{np.arange(3)}")
