import numpy as np
m = np.arange(6).reshape(2, 3)
print(np.rot90(m))
print(np.rot90(m, 2))
print(np.rot90(m, k=3))
print(np.rot90(m, -1))
print(np.rot90(m, 4))
print(np.rot90(m, 1, axes=(1, 0)))
c = np.arange(8).reshape(2, 2, 2)
print(np.rot90(c, 1, (1, 2)))
v = np.rot90(m)
v[0, 0] = -1
print(m)
