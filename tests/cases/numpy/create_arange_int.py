import numpy as np
print(repr(np.arange(5)))
print(repr(np.arange(2, 10, 3)))
print(repr(np.arange(10, 0, -3)))
print(repr(np.arange(0)))
print(repr(np.arange(5, 1)))
