import numpy as np
print(np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]))
print(np.intersect1d(np.array([[5, 1], [2, 2]]), [2, 5, 7]))
print(np.intersect1d([1, 2], [2.5, 2.0]))
print(np.intersect1d([1, 2, 3], [4, 5]))
print(np.intersect1d([1, 3, 5], [1, 5], assume_unique=True))
