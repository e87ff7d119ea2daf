import numpy as np
a = np.array([1.5, 2.5, 3.5], dtype=np.float32)
b = np.array([2.5, 4.5], dtype=np.float32)
print(np.union1d(a, b))
print(np.intersect1d(a, b))
print(np.setdiff1d(a, b), np.setxor1d(a, b))
