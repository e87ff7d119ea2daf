import numpy as np
a = np.arange(10)
print(repr(a[0]), repr(a[-1]), a[3])
m = np.arange(12).reshape(3, 4)
print(repr(m[1]), repr(m[1, 2]), repr(m[-1, -1]), repr(m[2][3]))
