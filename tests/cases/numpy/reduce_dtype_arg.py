import numpy as np
a = np.array([1, 2, 3], dtype=np.int8)
print(repr(a.sum(dtype=np.int8)), repr(a.sum(dtype=float)), repr(a.mean(dtype=np.float32)), repr(np.cumsum(a, dtype=np.float32)))
