import numpy as np
a = np.array([10, 4, 7, 1, 9, 3, 6])
p = np.partition(a, [1, 4])
print(p[1], p[4])
print(np.sort(p[2:4]), np.sort(p[5:]))
print(np.partition(a, 2, axis=None)[2])
