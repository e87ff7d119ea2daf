import numpy as np
a = np.arange(4)
b = a[[0, 1]]
b[0] = 99
print(a)
c = a[a > 1]
c[0] = 99
print(a)
d = a.copy()
d[3] = 0
print(a, d)
