import numpy as np
a = np.array([5, 2, 9, 1, 7])
print(np.sort(a))
m = np.array([[3, 1, 2], [9, 7, 8]])
print(np.sort(m))
print(np.sort(m, axis=0))
print(np.sort(m, axis=-1))
print(np.sort(m, axis=None))
print(np.sort([3, -1, 2]).dtype)
