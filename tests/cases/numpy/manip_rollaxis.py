import numpy as np
a = np.zeros((3, 4, 5, 6))
print(np.rollaxis(a, 3, 1).shape)
print(np.rollaxis(a, 2).shape)
print(np.rollaxis(a, 1, 4).shape)
print(np.rollaxis(a, axis=-1, start=-2).shape)
b = np.arange(6).reshape(2, 3)
v = np.rollaxis(b, 1)
v[0, 0] = 100
print(b)
