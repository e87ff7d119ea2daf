import numpy as np
a = np.arange(6)
print(np.where(a > 2, a, -1), np.where(a % 2 == 0, 1.5, 0))
print(repr(np.where([True, False], np.int8(1), np.int8(2))))
print(np.concatenate(([1, 2], [3, 4, 5])))
m = np.ones((2, 2))
print(np.concatenate((m, m * 2), axis=1))
print(np.concatenate((m, m), axis=None))
print(repr(np.concatenate(([1, 2], [0.5]))))
