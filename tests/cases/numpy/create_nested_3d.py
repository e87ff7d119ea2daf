import numpy as np
a = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
print(repr(a))
print(a)
print(a.shape)
