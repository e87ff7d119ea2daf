import numpy as np
a = np.array([6, 2, 8, 4, 0])
a.partition(2)
print(a[2])
print(np.sort(a[:2]), np.sort(a[3:]))
