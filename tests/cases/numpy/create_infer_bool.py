import numpy as np
a = np.array([True, False])
print(repr(a), a.dtype)
