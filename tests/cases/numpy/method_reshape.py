import numpy as np
a = np.arange(12)
print(repr(a.reshape(3, 4)))
print(repr(a.reshape((2, -1))))
print(a.reshape(2, 3, 2).shape)
print(repr(a.reshape(-1, 6)))
