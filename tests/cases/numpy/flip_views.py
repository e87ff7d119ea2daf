import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.flip(a), np.flip(a, 0), np.fliplr(a), np.flipud(a))
f = np.flip(a, 1)
f[0, 0] = 99
print(a)
print(np.flip(a).strides)
