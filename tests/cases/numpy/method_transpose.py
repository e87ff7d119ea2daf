import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a.transpose().shape, a.transpose(1, 0, 2).shape, a.transpose((2, 0, 1)).shape)
print(repr(np.arange(6).reshape(2, 3).T))
print(np.transpose(a, (1, 2, 0)).shape)
