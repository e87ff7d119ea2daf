import numpy as np
print(np.append([1, 2, 3], [[4, 5, 6], [7, 8, 9]]))
print(np.append([[1, 2, 3], [4, 5, 6]], [[7, 8, 9]], axis=0))
print(np.append(np.arange(3, dtype=np.int8), 2.5))
print(np.append(np.ones((2, 1)), np.zeros((2, 2)), axis=1))
print(np.append([], [1, 2]))
