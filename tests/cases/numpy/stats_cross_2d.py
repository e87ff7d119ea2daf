import numpy as np
print(np.cross([1, 2], [3, 4]))
print(np.cross([1, 2], [4, 5, 6]))
print(np.cross([1, 2, 3], [4, 5]))
print(np.cross(np.array([[1, 2], [3, 4], [5, 6]]), np.array([[1, 0], [0, 1], [1, 1]]), axisa=0, axisb=0))
