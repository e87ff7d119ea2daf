import numpy as np
a = np.array([[1, 0, 0], [1, 0, 0], [2, 3, 4], [0, 5, 1]])
print(np.unique(a, axis=0))
u, i, inv, c = np.unique(a, axis=0, return_index=True, return_inverse=True, return_counts=True)
print(i, inv, c)
