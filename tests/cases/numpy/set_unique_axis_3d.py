import numpy as np
a = np.array([[[1, 2], [3, 4]], [[0, 0], [9, 9]], [[1, 2], [3, 4]]])
u, c = np.unique(a, axis=0, return_counts=True)
print(u)
print(c)
