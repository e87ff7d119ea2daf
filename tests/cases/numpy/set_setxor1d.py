import numpy as np
print(np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]))
print(np.setxor1d([1.0, 2.0], [2, 3]))
print(np.setxor1d([], [1, 1]))
