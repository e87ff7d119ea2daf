import numpy as np
x = np.array([1, 2, 4, 7, 0])
print(np.ediff1d(x))
print(np.ediff1d(x, to_begin=-99, to_end=np.array([88, 99])))
y = [[1, 2, 4], [1, 6, 24]]
print(np.ediff1d(y))
print(np.ediff1d(np.array([1, 5], dtype=np.int8), to_begin=[3]))
print(np.ediff1d(np.array([0.5, 1.0]), to_end=2))
print(np.ediff1d([5]))
