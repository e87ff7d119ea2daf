import numpy as np
print(repr(np.isin(1, [1])))
print(repr(np.isin(2.5, [1, 2])))
print(repr(np.unique(np.array([[1.0, np.nan], [1.0, np.nan]]), axis=0)))
print(repr(np.unique([3, 1, 2], sorted=True)))
