import numpy as np
a = np.arange(6)
b = a[::2]
b[0] = 9
print(a)
c = a[1:4]
c[:] = 0
print(a)
