import numpy as np
di = np.diag_indices(4)
print(di)
a = np.arange(16).reshape(4, 4)
a[di] = 100
print(a)
d3 = np.diag_indices(2, 3)
print(d3)
b = np.zeros((2, 2, 2), dtype=int)
b[d3] = 1
print(b)
print(np.diag_indices_from(np.zeros((3, 3))))
