import numpy as np
x = np.zeros((2, 3, 4))
print(np.moveaxis(x, 0, -1).shape, np.moveaxis(x, -1, 0).shape, np.moveaxis(x, 1, 2).shape)
print(np.atleast_1d(3.0), np.atleast_2d(3.0).shape, np.atleast_3d(np.ones((2, 2))).shape)
print(np.atleast_1d(1, [2, 3]))
