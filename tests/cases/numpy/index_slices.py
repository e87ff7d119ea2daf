import numpy as np
a = np.arange(10)
print(a[2:5], a[::3], a[::-1], a[-3:], a[:-7], a[8:2:-2], a[5:2])
m = np.arange(12).reshape(3, 4)
print(m[:, 1])
print(m[1:, ::2])
print(m[::-1, ::-1])
