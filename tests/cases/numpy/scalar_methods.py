import numpy as np
s = np.float32(2.5)
print(s.dtype, s.shape, s.ndim, s.size, s.itemsize)
print(repr(s.item()), repr(s.astype(np.int8)), repr(s.round()))
print(repr(np.int64(5).tolist()), repr(np.float64(1.5).reshape(1)))
