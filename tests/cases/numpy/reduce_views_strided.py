import numpy as np
a = np.arange(20).reshape(4, 5)
print(a[::2, ::-1].sum(axis=0), a.T.sum(axis=0), a[1:3, 1:4].mean())
