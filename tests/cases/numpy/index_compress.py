import numpy as np
a = np.array([[1, 2], [3, 4], [5, 6]])
print(np.compress([0, 1], a, axis=0))
print(np.compress([False, True, True], a, axis=0))
print(np.compress([False, True], a, axis=1))
print(np.compress([False, True], a))
print(np.compress([], a, axis=0).shape)
print(a.compress([True, False, True], axis=0))
print(np.compress(np.array([1, 0, 1]) > 0, np.array([1.5, 2.5, 3.5], dtype=np.float16)))
