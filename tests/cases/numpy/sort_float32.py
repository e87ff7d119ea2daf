import numpy as np
a = np.array([1.5, -2.25, 0.125, 3.0], dtype=np.float32)
s = np.sort(a)
print(s, s.dtype)
print(np.sort(np.array([[2, 1], [0, -1]], dtype=np.float32), axis=0))
