import numpy as np
a = np.arange(10)
print(a[-2::-3], a[:3:-1], a[-1:-11:-1])
m = np.arange(9).reshape(3, 3)
print(m[::-2, 1:])
v = m[::-1]
v[0, 0] = -1
print(m)
