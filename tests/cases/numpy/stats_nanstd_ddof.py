import numpy as np
a = np.array([[1.0, np.nan, 2.5], [3.0, 4.0, np.nan], [0.5, 7.0, 1.0]])
print(np.nanstd(a))
print(np.nanstd(a, ddof=1))
print(np.nanstd(a, axis=0, ddof=1))
print(np.nanvar(a, axis=1, ddof=2))
