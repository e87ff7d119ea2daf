# Objects with __array__ inside the lists and tuples NumPy functions take:
# each is the array it returns (np.concatenate([a, b]), np.stack((a, b)),
# np.array([a, b])).
import numpy as np


class Series:
    def __init__(self, values):
        self.values = values

    def __array__(self, dtype=None, copy=None):
        return np.array(self.values, dtype=dtype)


a = Series([1.0, 2.0])
b = Series([3.0, 4.0])
print(np.concatenate([a, b]))
print(np.stack((a, b)))
print(np.vstack([a, b]).shape, np.column_stack([a, b]))
print(np.array([a, b]), np.array([a, b]).dtype)
print(np.mean([a, b], axis=0))
print(np.concatenate([a, np.array([9.0]), [7.0]]))
