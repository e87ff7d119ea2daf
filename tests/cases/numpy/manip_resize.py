import numpy as np
a = np.array([[0, 1], [2, 3]])
print(np.resize(a, (2, 3)))
print(np.resize(a, (1, 4)))
print(np.resize(a, (2, 4)))
print(np.resize(a, 3))
print(np.resize(np.array([], dtype=np.float32), (2, 2)))
print(np.resize([1.5, 2.5], (0,)))
print(np.resize(np.array([True, False]), [3, 1]))
