import numpy as np
a = np.array([1, 2j])
print(repr(a), a.dtype)
