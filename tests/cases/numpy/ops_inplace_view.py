import numpy as np
a = np.zeros(6)
v = a[::2]
v += 5
print(a)
m = np.zeros((2, 3))
m[1] += np.array([1, 2, 3])
print(m)
