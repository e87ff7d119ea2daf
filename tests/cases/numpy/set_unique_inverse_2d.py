import numpy as np
a = np.array([[3, 1], [1, 2]])
u, inv = np.unique(a, return_inverse=True)
print(u)
print(inv)
print(inv.shape)
