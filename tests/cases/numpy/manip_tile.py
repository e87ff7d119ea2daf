import numpy as np
a = np.array([0, 1, 2])
print(np.tile(a, 2))
print(np.tile(a, (2, 2)))
print(np.tile(a, (2, 1, 2)))
b = np.array([[1, 2], [3, 4]], dtype=np.int16)
print(np.tile(b, 2))
print(np.tile(b, (2, 1)))
print(np.tile(b, (1, 1)).dtype)
print(np.tile(np.array(5.5), 3))
print(np.tile([True, False], (2, 0)).shape)
t = np.tile(a, 1)
t[0] = 9
print(a)
