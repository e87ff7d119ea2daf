import numpy as np
a = np.array([2.5, np.nan, -np.inf, 1.0, np.inf, -3.0, np.nan, 0.0])
print(np.sort(a))
print(np.sort(a)[::-1])
print(np.argsort(np.array([3.0, np.nan, 1.0, 2.0])))
