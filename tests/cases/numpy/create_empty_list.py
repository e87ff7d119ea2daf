import numpy as np
a = np.array([])
print(repr(a), a.dtype, a.shape)
b = np.array([[], []])
print(repr(b), b.shape)
