import numpy as np
print(np.array([[1, -1000], [22, 3]]))
print(repr(np.array([1, 2], dtype=np.int32)), repr(np.array([[-1], [1]], dtype=np.int16)))
print(np.array([18446744073709551615], dtype=np.uint64))
