import numpy as np
a = np.arange(6)
print(a[a % 2 == 0])
print(a[[True, False, True, False, False, True]])
m = np.arange(12).reshape(3, 4)
print(m[m > 6])
print(m[np.array([True, False, True])])
print(m[:, np.array([False, True, True, False])])
