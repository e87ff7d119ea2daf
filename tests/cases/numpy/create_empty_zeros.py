import numpy as np
print(np.empty((2, 0)).shape)
print(repr(np.zeros((0,))))
print(repr(np.zeros((2, 0))))
