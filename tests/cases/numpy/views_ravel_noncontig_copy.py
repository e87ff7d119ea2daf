import numpy as np
a = np.arange(6).reshape(2, 3)
r = a.T.ravel()
r[0] = 77
print(a)
print(r)
