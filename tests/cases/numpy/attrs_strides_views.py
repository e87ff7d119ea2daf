import numpy as np
a = np.arange(12).reshape(3, 4)
print(a.strides)
print(a[::2].strides, a[:, ::-1].strides, a.T.strides)
print(a[::2, 1::2].shape)
