import numpy as np
print(np.bincount([0, 1, 1, 3, 2, 1, 7]))
print(np.bincount(np.array([4, 4, 0], dtype=np.uint8)))
print(np.bincount(np.array([], dtype=np.int64)))
print(np.bincount([1, 1]).dtype)
