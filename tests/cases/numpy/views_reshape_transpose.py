import numpy as np
a = np.arange(6)
m = a.reshape(2, 3)
m[1, 1] = 100
print(a)
t = m.T
t[0, 1] = -5
print(a)
print(m)
