import numpy as np
a = np.zeros((1, 3, 1, 2))
print(a.swapaxes(1, 3).shape)
print(a.squeeze().shape, a.squeeze(axis=0).shape, a.squeeze(2).shape)
print(np.expand_dims(np.arange(3), 1).shape)
print(np.expand_dims(np.arange(3), -1).shape)
