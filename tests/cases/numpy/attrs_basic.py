import numpy as np
a = np.zeros((2, 3, 4), dtype=np.float32)
print(a.shape, a.ndim, a.size, a.dtype, a.itemsize, a.nbytes)
print(a.strides)
print(a.T.shape, a.T.strides)
