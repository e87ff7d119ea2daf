import numpy as np
a = np.array([0, 1, 2, 100], dtype=np.int8)
print(repr(a))
print(a)
print(a.dtype, a.itemsize, a.nbytes, a.shape)
print(repr(a[0]), a[0])
print(type(a[0]))
