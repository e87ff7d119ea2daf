# From NumPy's docstring examples: np.bincount refuses float arrays (NumPy's
# safe-cast TypeError), 'auto' bins of integer data are at least 1 wide,
# np.atleast_nd returns an array that has dimensions enough as it is.
import numpy as np
for x in [np.arange(3.), np.array([True, False]), np.array([1, 2], dtype=np.uint64), np.array([1], dtype=np.int8), np.array([], dtype=float), np.array([1.5], dtype=np.float32)]:
    try:
        print(repr(np.bincount(x)))
    except TypeError as e:
        print(type(e).__name__, e)
arr = np.array([0, 0, 0, 1, 2, 3, 3, 4, 5])
print(repr(np.histogram_bin_edges(arr, bins='auto', range=(0, 1))), repr(np.histogram_bin_edges(arr, bins='auto')))
print(repr(np.histogram(arr, bins='auto', range=(0, 1))), repr(np.histogram_bin_edges(arr.astype(float), bins='auto', range=(0, 1))))
x = np.arange(3)
print(np.atleast_1d(x) is x, np.atleast_2d(x) is x, np.atleast_2d(x[None]) is x, np.atleast_3d(np.ones((1, 2, 3))).shape)
y = np.ones((2, 2))
a1, a2 = np.atleast_1d(y, 3)
print(a1 is y, a2, np.atleast_1d(1.0), np.atleast_2d(y) is y)
