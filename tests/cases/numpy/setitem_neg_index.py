import numpy as np
a = np.arange(5)
a[-2] = 100
a[-1:] = 7
print(a)
m = np.zeros((2, 2))
m[-1, -1] = 1
print(m)
