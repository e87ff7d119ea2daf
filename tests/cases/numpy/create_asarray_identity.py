import numpy as np
a = np.arange(3)
print(np.asarray(a) is a)
print(np.array(a) is a)
b = np.asarray([1, 2])
print(repr(b))
print(repr(np.asarray(a, dtype=float)))
