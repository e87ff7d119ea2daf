import numpy as np
print(np.median([3, 1, 2]))
print(np.median([3, 1, 2, 10]))
print(np.median(np.array([[10, 7, 4], [3, 2, 1]])))
print(np.median(np.array([2.5, 1.5])))
print(np.median([True, False, True]))
