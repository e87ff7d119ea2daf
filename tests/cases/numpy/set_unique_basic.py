import numpy as np
print(np.unique([3, 1, 3, 2, 1]))
print(np.unique(np.array([[1, 1], [2, 3]])))
print(np.unique([2.5, -1.0, 2.5]))
print(np.unique([True, False, True]))
print(np.unique(np.array(5)))
