import numpy as np
print(np.array_equal([1, 2], [1, 2]), np.array_equal([1, 2], [1, 3]), np.array_equal([1, 2], [[1, 2]]))
print(np.array_equal([1.0, np.nan], [1.0, np.nan]), np.array_equal([1.0, np.nan], [1.0, np.nan], equal_nan=True))
