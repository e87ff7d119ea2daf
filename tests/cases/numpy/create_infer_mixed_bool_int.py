import numpy as np
a = np.array([True, 2])
print(repr(a), a.dtype)
