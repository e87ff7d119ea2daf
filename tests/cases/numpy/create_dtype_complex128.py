import numpy as np
a = np.array([1+2j, -0.5j, 3], dtype=np.complex128)
print(repr(a))
print(a)
print(a.dtype, a.itemsize, a.nbytes, a.shape)
print(repr(a[0]), a[0])
print(type(a[0]))
