import numpy as np
a = np.arange(3)
print(repr([1, 2, 3] + a))
print(repr(a * [2, 2, 2]))
print(repr((1, 0, 1) == a))
