# From NumPy's docstring examples: np.arange/np.array with dtype=np.datetime64
# (units from the values), generic-unit reprs, max/min default=, np.size
# with axis=, np.expand_dims with a tuple of axes, np.indices(sparse=True),
# np.full_like with an array fill value.
import numpy as np
x = np.arange('1066-10-13', '1066-10-16', dtype=np.datetime64)
print(repr(x), repr(np.diff(x)))
print(repr(np.array(['2020-01-01', '2020-02-03T04'], dtype=np.datetime64)))
print(repr(np.array([1, 2], dtype=np.timedelta64)))
print(repr(np.array(['2020-01'], dtype='datetime64')), repr(np.datetime64('2020-01-02').astype(np.datetime64)))
print(max([5], default=6), max([], default=None), min([], key=len, default='x'))
print(np.size(np.ones((2, 3, 4)), axis=(0, 2)), np.size([[1, 2, 3]], 1))
print(np.expand_dims(np.array([1, 2]), axis=(0, 1)).shape, np.expand_dims(np.array([1, 2]), axis=(2, 0)).shape)
i, j = np.indices((2, 3), sparse=True)
print(i.shape, j.shape, repr(i), repr(j))
print(np.full_like(np.zeros((2, 2, 3), dtype=int), [0, 0, 255]))
try:
    np.expand_dims(np.array([1, 2]), axis=(0, 0))
except ValueError as e:
    print(e)
try:
    max(1, 2, default=0)
except TypeError as e:
    print(e)
