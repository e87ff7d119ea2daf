import numpy as np
print(repr(np.array([1, 2], ndmin=3)))
print(np.array(5, ndmin=2).shape)
