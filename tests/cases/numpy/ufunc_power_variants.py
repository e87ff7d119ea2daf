import numpy as np
print(np.power(2, [0, 10, 62]), np.power([2.0], -1), np.power(-8.0, 1 / 3))
print(repr(np.int64(2) ** 10), repr(np.float32(2) ** 0.5))
print(np.array([2, 3], dtype=np.uint8) ** 8)
