import numpy as np
a = np.array(3.5)
print(repr(a), a.ndim, a.shape)
print(a)
