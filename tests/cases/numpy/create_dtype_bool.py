import numpy as np
a = np.array([True, False, True], dtype=np.bool)
print(repr(a))
print(a)
print(a.dtype, a.itemsize, a.nbytes, a.shape)
print(repr(a[0]), a[0])
print(type(a[0]))
