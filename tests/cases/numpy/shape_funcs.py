import numpy as np
print(np.shape([[1, 2, 3], [4, 5, 6]]), np.ndim([[1]]), np.size(np.zeros((3, 4))))
print(repr(np.reshape(np.arange(6), (3, 2))), repr(np.ravel(np.eye(2))))
print(np.squeeze(np.zeros((1, 2, 1))).shape, np.swapaxes(np.zeros((2, 3, 4)), 0, 2).shape)
