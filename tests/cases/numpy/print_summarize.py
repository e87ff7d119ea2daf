import numpy as np
a = np.arange(2000)
print(a)
print(repr(a))
b = np.arange(3000, dtype=float).reshape(30, 100)
print(b)
