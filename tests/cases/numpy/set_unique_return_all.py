import numpy as np
a = np.array([4, 2, 4, 1, 2, 4])
u, idx, inv, cnt = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
print(u, idx, inv, cnt)
print(u[inv])
print(np.unique(a, return_index=True))
print(np.unique(a, return_inverse=True))
print(np.unique(a, return_counts=True))
print(np.unique(a, return_index=True, return_counts=True))
