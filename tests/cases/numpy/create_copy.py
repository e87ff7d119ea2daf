import numpy as np
a = np.arange(4)
b = np.copy(a)
b[0] = 9
print(a, b)
c = a.copy()
c[1] = 7
print(a, c)
