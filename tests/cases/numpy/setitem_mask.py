import numpy as np
a = np.arange(8)
a[a > 4] = 0
print(a)
b = np.array([1.5, -2.0, 3.0, -0.5])
b[b < 0] = 0
print(b)
m = np.arange(6).reshape(2, 3)
m[m % 2 == 1] = -m[m % 2 == 1]
print(m)
