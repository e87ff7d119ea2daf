import numpy as np
a = np.arange(3)
b = np.arange(3).reshape(3, 1)
print(a + b)
print((a * b).shape)
c = np.ones((2, 1, 4))
print((c + np.ones((3, 1))).shape)
