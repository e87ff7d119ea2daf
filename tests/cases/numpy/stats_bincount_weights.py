import numpy as np
w = np.array([0.3, 0.5, 0.2, 0.7, 1.0, -0.6])
x = np.array([0, 1, 1, 2, 2, 2])
print(np.bincount(x, weights=w))
print(np.bincount(x, minlength=5))
print(np.bincount(x, weights=[1, 2, 3, 4, 5, 6], minlength=4))
