import numpy as np
print(repr(np.float32(1.5) > 1), repr(np.int8(3) == 3), repr(np.uint8(2) < np.int8(-1)))
print(np.float64(2.0) == 2.0, np.int64(5) != 5)
if np.int64(1) < 2:
    print('less')
