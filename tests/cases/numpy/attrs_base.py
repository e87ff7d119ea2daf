import numpy as np
a = np.arange(6)
print(a.base is None)
b = a[::2]
print(b.base is not None)
c = a.copy()
print(c.base is None)
