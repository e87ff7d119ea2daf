import numpy as np
print(repr(np.array([1.7, -2.2], dtype=int)))
print(repr(np.array([1, 0, 2], dtype=bool)))
print(repr(np.array([1, 2], dtype='f4')))
