import numpy as np
print(np.union1d([-1, 0, 1], [-2, 0, 2]))
print(np.union1d(np.array([[3, 1]]), [2.5]))
print(np.union1d([True], [False]))
