import numpy as np
a = np.arange(6).reshape(2, 3)
print(a[np.newaxis].shape, a[:, None].shape, a[..., None].shape)
print(a[..., 1], a[1, ...])
b = np.arange(24).reshape(2, 3, 4)
print(b[..., 0])
print(b[1, ..., 2], b[:, 1, ...].shape)
print(repr(np.array(5)[...]), repr(np.array(5)[()]))
