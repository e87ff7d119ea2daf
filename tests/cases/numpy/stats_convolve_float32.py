import numpy as np
r = np.convolve(np.array([1, 2, 3], dtype=np.float32), np.array([0.5, 0.25], dtype=np.float32))
print(r, r.dtype)
r = np.convolve(np.array([1, 2], dtype=np.int8), [3, 4])
print(r, r.dtype)
