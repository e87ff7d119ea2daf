# An assignment through an index array converts its value and broadcasts
# it to the indexing result's shape before it checks the indices' bounds
# (NumPy checks them while it copies): a value of the wrong shape is the
# shape-mismatch ValueError even where an index is out of bounds, also
# into an empty array. A 0-d array's a[()] names its one element, which
# takes a scalar or a 0-d array only.
import numpy as np


def attempt(target, index, value):
    try:
        target[index] = value
        print(repr(target))
    except Exception as e:
        print(type(e).__name__, e)


for index, value in [([0, 5], np.array([1.0, 2.0, 3.0])), ([5], np.array([1.0, 2.0])),
                     ([0, -1], np.array([[1.0]])), ([[0], [1]], np.array([1.0, 2.0, 3.0])),
                     ([10], np.array([[1.0]])), ([10], np.array([2.5]).astype(np.int8))]:
    attempt(np.zeros(3), index, value)
for index, value in [([0, -1], np.array([1.0])), ([0, -1], 1.0),
                     ([0, -1], np.array([1.0, 2.0, 3.0])), ([], np.array([1.0, 2.0, 3.0]))]:
    attempt(np.zeros((0,)), index, value)
attempt(np.zeros((2, 0)), [0, -1], np.array([1.0, 2.0, 3.0]))
for index, value in [((), np.array([2])), ((), np.array([[2.5]])), ((), np.array(2.5)),
                     ((), [3]), (..., np.array([[2.0]])), ((), 4)]:
    attempt(np.array(1.5), index, value)
for dt in (np.int8, np.bool_, np.complex64):
    for value in (np.array([1], dtype=dt), np.array([[0]], dtype=np.int16)):
        attempt(np.array(1, dtype=dt), (), value)
