import numpy as np
print(np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]))
print(np.setdiff1d([5, 1, 3], [1], assume_unique=True))
print(np.setdiff1d([1, 2, 3], [2.0]))
print(np.setdiff1d(np.array([1.5, np.nan]), [1.5]))
