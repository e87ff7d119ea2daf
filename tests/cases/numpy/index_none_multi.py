import numpy as np
a = np.arange(6).reshape(2, 3)
print(a[None, ..., None].shape, a[:, None, :].shape, a[None, None].shape)
print(a[1:, None])
