import numpy as np
a = np.array([0.5, -1.25, 3.0, 1e-3], dtype=np.float16)
print(repr(a))
print(a)
print(a.dtype, a.itemsize, a.nbytes, a.shape)
print(repr(a[0]), a[0])
print(type(a[0]))
