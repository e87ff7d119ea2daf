import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.ravel()), repr(a.flatten()), repr(a.T.ravel()))
r = a.ravel()
r[0] = 100
print(a[0, 0])
f = a.flatten()
f[1] = -1
print(a[0, 1])
