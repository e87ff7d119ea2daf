import numpy as np
choices = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
print(np.choose([2, 3, 1, 0], choices))
print(np.choose([2, 4, 1, 0], choices, mode='clip'))
print(np.choose([2, 4, 1, 0], choices, mode='wrap'))
a = [[1, 0, 1], [0, 1, 0], [1, 0, 1]]
print(np.choose(a, (-10, 10)))
a = np.array([0, 1]).reshape((2, 1, 1))
c1 = np.array([1, 2, 3]).reshape((1, 3, 1))
c2 = np.array([-1, -2, -3, -4, -5]).reshape((1, 1, 5))
print(np.choose(a, (c1, c2)))
print(np.choose([0, 1], [np.array([1, 2], dtype=np.int8), np.array([1.5, 2.5], dtype=np.float32)]))
print(np.array([1, 0]).choose([[1, 2], [3, 4]]))
