import numpy as np
a = np.arange(10)[::-1]
print(np.sort(a[::2]))
m = np.array([[4, 3, 9], [1, 8, 2]]).T
print(np.sort(m))
print(np.sort(m, axis=0))
