import numpy as np
x, y = np.meshgrid([1, 2, 3], [4, 5])
print(repr(x))
print(repr(y))
i, j = np.meshgrid([1, 2, 3], [4, 5], indexing='ij')
print(repr(i))
print(repr(j))
