# Ufuncs with where= and out=: NumPy checks that the loop's result casts
# into out under same_kind (and a Python int's range) before anything is
# computed or broadcast, then writes the result cast into out's dtype.
import numpy as np

cases = [
    ('np.divide(np.array([[0, 100, 127]], dtype=np.uint8), 3.5, where=np.array([[False, True, True]]), out=np.zeros((1, 3), dtype=np.int16))', lambda: np.divide(np.array([[0, 100, 127]], dtype=np.uint8), 3.5, where=np.array([[False, True, True]]), out=np.zeros((1, 3), dtype=np.int16))),
    ('np.log1p(np.array([1], dtype=np.uint8), where=np.array([True]), out=np.zeros((1,), dtype=np.uint64))', lambda: np.log1p(np.array([1], dtype=np.uint8), where=np.array([True]), out=np.zeros((1,), dtype=np.uint64))),
    ('np.multiply(np.array([0, 100, 3], dtype=np.uint16), np.int64(-32768), where=np.array([False, False, True]), out=np.zeros((3,), dtype=np.uint8))', lambda: np.multiply(np.array([0, 100, 3], dtype=np.uint16), np.int64(-32768), where=np.array([False, False, True]), out=np.zeros((3,), dtype=np.uint8))),
    ('np.subtract(np.array([[2], [255], [100]], dtype=np.uint8), np.array([[127], [-128], [0]], dtype=np.int64)[::2], where=np.array([[True], [False], [True]]), out=np.zeros((3, 1), dtype=np.uint64))', lambda: np.subtract(np.array([[2], [255], [100]], dtype=np.uint8), np.array([[127], [-128], [0]], dtype=np.int64)[::2], where=np.array([[True], [False], [True]]), out=np.zeros((3, 1), dtype=np.uint64))),
    ('np.add(np.array([[1, 3], [-1, -8]], dtype=np.int8), 300, where=np.array([[True, True], [False, False]]), out=np.zeros((2, 2), dtype=np.uint32))', lambda: np.add(np.array([[1, 3], [-1, -8]], dtype=np.int8), 300, where=np.array([[True, True], [False, False]]), out=np.zeros((2, 2), dtype=np.uint32))),
    ('np.square(np.array([[1, 2, 0], [0, 4294967295, 127]], dtype=np.uint64), where=np.array([[True, True, False], [False, True, True]]), out=np.zeros((2, 3), dtype=np.int16))', lambda: np.square(np.array([[1, 2, 0], [0, 4294967295, 127]], dtype=np.uint64), where=np.array([[True, True, False], [False, True, True]]), out=np.zeros((2, 3), dtype=np.int16))),
    ('np.add(np.array([1, 2, 3]), 10, where=np.array([True, False, True]), out=np.full(3, -1.5))', lambda: np.add(np.array([1, 2, 3]), 10, where=np.array([True, False, True]), out=np.full(3, -1.5))),
    ('np.sqrt(np.array([4.0, 9.0]), where=np.array([False, True]), out=np.zeros(2, np.float32))', lambda: np.sqrt(np.array([4.0, 9.0]), where=np.array([False, True]), out=np.zeros(2, np.float32))),
    ('np.logical_and(np.array([2, 255, 3], dtype=np.uint32), -2**63, where=np.array([True, False, False]), out=np.zeros((3,), dtype=np.bool))', lambda: np.logical_and(np.array([2, 255, 3], dtype=np.uint32), -2**63, where=np.array([True, False, False]), out=np.zeros((3,), dtype=np.bool))),
    ('np.add(np.ones(3), np.ones(2), where=np.array([True, False, True]), out=np.zeros(3, np.int64))', lambda: np.add(np.ones(3), np.ones(2), where=np.array([True, False, True]), out=np.zeros(3, np.int64))),
    ('np.add(np.ones(3), 1, where=np.array([True, False, True]), out=np.zeros(2))', lambda: np.add(np.ones(3), 1, where=np.array([True, False, True]), out=np.zeros(2))),
    ('np.negative(np.array([1, -2], np.int8), where=np.array([True, False]), out=np.zeros(2, np.uint8))', lambda: np.negative(np.array([1, -2], np.int8), where=np.array([True, False]), out=np.zeros(2, np.uint8))),
]
for label, fn in cases:
    try:
        print(label, "->", repr(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, e)
