import numpy as np
a = np.arange(24).reshape(2, 3, 4)
v = a[1].T[::2]
v[0, 0] = -1
print(a[1])
w = a.reshape(6, 4)[::3]
w += 100
print(a)
