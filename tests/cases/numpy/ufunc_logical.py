import numpy as np
a = np.array([True, False, True])
b = np.array([1, 1, 0])
print(np.logical_and(a, b), np.logical_or(a, b), np.logical_xor(a, b), np.logical_not(b))
