import numpy as np
a = np.array([1, 2.5, 3])
print(repr(a), a.dtype)
