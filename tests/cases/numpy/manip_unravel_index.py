import numpy as np
print(np.unravel_index([22, 41, 37], (7, 6)))
print(np.unravel_index([31, 41, 13], (7, 6), order='F'))
print(np.unravel_index(1621, (6, 7, 8, 9)))
print(np.unravel_index(np.array([[0, 5], [3, 1]]), (2, 3)))
print(np.unravel_index(np.int32(4), (5,)))
