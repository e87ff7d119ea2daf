import numpy as np
a = np.array([1.0, np.nan, 2.0, np.nan, 1.0])
print(np.unique(a))
print(np.unique(a, equal_nan=False))
print(np.unique(a, return_counts=True))
