import numpy as np
print(np.isin([1.0, np.nan, 2.5], [np.nan, 1]))
print(np.isin([1, 2, 3], [2.0, 3.5]))
print(np.isin([True, False], [1]))
print(np.isin([1 + 1j, 2], [1 + 1j]))
