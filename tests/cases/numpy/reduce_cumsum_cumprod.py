import numpy as np
a = np.array([[1, 2, 3], [4, 5, 6]])
print(repr(a.cumsum()), repr(a.cumsum(axis=0)), repr(a.cumsum(axis=1)))
print(repr(np.cumprod([1, 2, 3, 4])), repr(np.cumprod(a, axis=1)))
print(repr(np.cumsum(np.array([1, 2], dtype=np.int8))))
