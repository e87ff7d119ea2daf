import numpy as np
a = np.zeros((3, 4))
a[1:, ::2] = 9
print(a)
a[:] = np.arange(4)
print(a)
a[...] = 0.5
print(a)
