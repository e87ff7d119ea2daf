import numpy as np
print(repr(np.diag([1, 2, 3])))
print(repr(np.diag([1, 2], k=1)))
m = np.arange(9).reshape(3, 3)
print(repr(np.diag(m)))
print(repr(np.diag(m, -1)))
print(repr(np.diagflat([[1, 2], [3, 4]])))
