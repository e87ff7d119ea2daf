import numpy as np
a = np.zeros(5)
a[1] = 3
a[-1] = 2.5
print(a)
m = np.zeros((2, 3), dtype=int)
m[0, 1] = 7
m[1] = [1, 2, 3]
print(m)
m[:, 2] = -1
print(m)
