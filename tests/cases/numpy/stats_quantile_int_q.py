import numpy as np
print(repr(np.quantile([1, 2, 3], 1)))
print(repr(np.quantile([4, 2, 3], [0, 1])))
print(repr(np.quantile(np.array([1.0, 2.0]), np.array([0.5], dtype=np.float32))))
print(repr(np.percentile(np.array([1, 2, 3, 4], dtype=np.float32), 50)))
print(repr(np.nanquantile(np.array([np.nan, np.nan]), 0.5)))
