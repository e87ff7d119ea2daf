import numpy as np
a = np.arange(9)
print(np.split(a, 3))
print(np.split(a, [3, 5, 6, 10]))
b = np.arange(12).reshape(3, 4)
print(np.split(b, 2, axis=1))
print(np.split(b, [1], axis=0))
print(np.split(b, [-1], axis=-1))
parts = np.split(b, 3)
parts[0][0, 0] = 99
print(b[0])
