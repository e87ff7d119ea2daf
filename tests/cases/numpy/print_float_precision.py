import numpy as np
a = np.array([1/3, 2/3, 1.0])
print(a)
print(repr(a))
print(np.array([0.1, 0.25, 100.0]))
print(np.array([1e-5, 1.0]))
print(np.array([1e16, 1.0]))
print(np.array([123456789.0, 0.5]))
