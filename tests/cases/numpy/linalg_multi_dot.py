import numpy as np
a = np.arange(6).reshape(2, 3)
b = np.arange(12).reshape(3, 4)
c = np.arange(8).reshape(4, 2)
print(np.linalg.multi_dot([a, b, c]))
print(np.linalg.multi_dot([a, b]))
print(np.linalg.multi_dot([[1, 2, 3], b, c]))
print(np.linalg.multi_dot([a, b, [1, 1, 1, 1]]))
print(repr(np.linalg.multi_dot([[1, 2], [[1, 0], [0, 1]], [[2, 0], [0, 2]], [1, 1]])))
