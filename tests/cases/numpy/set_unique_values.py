import numpy as np
v = np.unique_values(np.array([3, 1, 1, 2, 3]))
print(np.sort(v))
print(v.dtype, v.shape)
