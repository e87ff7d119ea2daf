import numpy as np
a = np.array([7.5, 1.25, 9.0, 3.5, 5.0])
idx = np.argpartition(a, 2)
print(idx[2], a[idx[2]])
print(np.sort(a[idx[:2]]), np.sort(a[idx[3:]]))
print(idx.dtype)
m = np.array([[5, 1, 3], [2, 9, 4]])
i = m.argpartition(1)
print(i[:, 1])
