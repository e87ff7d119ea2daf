import numpy as np
a = np.array([1, 2, 3], dtype=np.uint8)
print(a > -1, a == 2.0, a < 2.5, np.array([-1], dtype=np.int64) < np.array([1], dtype=np.uint64))
