import numpy as np
a = np.array([3, 1, 2])
print(len(a), sorted(a), list(a), abs(np.array([-1, 2])), any(a > 2), all(a > 0))
print(list(zip(np.arange(2), np.arange(2) * 10)))
print(tuple(np.array([1.5, 2.5])))
