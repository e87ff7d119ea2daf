import numpy as np
print(np.cross([1, 2, 3], [4, 5, 6]))
print(np.cross([1.5, 0, 0], [0, 2.0, 0]))
x = np.array([[1, 2, 3], [4, 5, 6]])
y = np.array([[4, 5, 6], [1, 2, 3]])
print(np.cross(x, y))
print(np.cross([1, 2, 3], y))
