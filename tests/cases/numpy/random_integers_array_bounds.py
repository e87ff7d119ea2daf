# randint / Generator.integers / RandomState.randint with array-like low and
# high: broadcast bounds, NumPy's stream bit for bit, its checks and messages.
import numpy as np


def t(f):
    try:
        r = f()
        print(repr(r), getattr(r, 'dtype', type(r).__name__))
    except Exception as e:
        print(type(e).__name__, e)


def g():
    return np.random.default_rng(7)


t(lambda: g().integers([0, 5, 10], 20))
t(lambda: g().integers([0, -5, 10], [[20], [11]]))
t(lambda: g().integers([3, 5, 10]))
t(lambda: g().integers([3, 5, 10], endpoint=True))
t(lambda: g().integers(0, [5, 10, 2**40], size=(2, 3)))
t(lambda: g().integers(0, (5, 10, 100), size=(4, 3), dtype=np.uint8))
t(lambda: g().integers([[0], [100]], [50, 200, 250], dtype=np.uint8))
t(lambda: g().integers([0, 0], [1, 1], dtype=bool, endpoint=True, size=(3, 2)))
t(lambda: g().integers([-100, 0], [100, 256], dtype=np.int16))
t(lambda: g().integers([-128, 0], [127, 1], dtype=np.int8, endpoint=True))
t(lambda: g().integers([0, 1], [5, 256], dtype=np.uint8))
t(lambda: g().integers([0, 0], [5, 0], endpoint=True))
t(lambda: g().integers([0, 1], [5, 2**64], dtype=np.uint64))
t(lambda: g().integers([0, 1], [5, 2**63]))
t(lambda: g().integers([-2**63, 0], [2**63 - 1, 2**63]))
t(lambda: g().integers(np.array([0, 1], dtype=np.uint64), np.array([2**64 - 1, 7], dtype=np.uint64),
                       dtype=np.uint64, endpoint=True))
t(lambda: g().integers([0.5, 1.7], [5.2, 3]))
t(lambda: g().integers(np.array([0, 1]), 5, size=()))
t(lambda: g().integers([[1]], 5))
t(lambda: g().integers([], 5))
t(lambda: g().integers([1, 2], 5, size=0))
t(lambda: g().integers(np.array(2.7), 5))
rng = np.random.default_rng(3)
print(rng.integers([10, 20, 30]), rng.integers(5, size=3), rng.integers([1, 2], [3, 4], size=(2, 2)))

rs = np.random.RandomState(3)
t(lambda: rs.randint([1, 2], [[5], [9]]))
t(lambda: rs.randint(0, [5, 10**10]))
t(lambda: rs.randint([5, 10, 300], dtype=np.uint16))
t(lambda: rs.randint([0, 2], [7, 4], dtype=np.int8, size=(3, 2)))
t(lambda: rs.randint([0, 0], [2, 2], dtype=bool))
t(lambda: rs.randint([10, 20, 2**33], size=(2, 3)))
t(lambda: rs.randint(-5, [0, 1, 2], dtype=np.int32))
t(lambda: rs.randint(0, [2**16, 3, 4], dtype=np.uint16))
t(lambda: rs.randint(np.array([0, 5], dtype=np.uint8), 200, dtype=np.uint32))
t(lambda: rs.randint(np.array(7), 10))
t(lambda: rs.rand())
np.random.seed(5)
t(lambda: np.random.randint([1, 2, 3], 10))
t(lambda: np.random.randint([1, 2, 3], 10, dtype=int))
t(lambda: np.random.randint([1, 2, 3], dtype=np.int64))
t(lambda: np.random.randint(np.array([7]), 10))
t(lambda: np.random.randint(3, 10))

for bad in [lambda: g().integers([0, 1], [2, 3], dtype=bool),
            lambda: g().integers([0, 0], [5, 0]),
            lambda: g().integers([1, 0], [5, 0]),
            lambda: g().integers([0, -1], [5, 3], dtype=np.uint8),
            lambda: g().integers([0, 1], [5, 300], dtype=np.uint8),
            lambda: g().integers([0, 1], [5, 256], dtype=np.uint8, endpoint=True),
            lambda: g().integers([0, 1], [5, 3], size=(4,)),
            lambda: g().integers([0, 1], [5, 3], size=(2, 3)),
            lambda: g().integers([0, 1], [5, 6, 7]),
            lambda: g().integers([0, 1], [5, 2**65], dtype=np.uint64),
            lambda: g().integers([0, 2**64], 2**65, dtype=np.uint64),
            lambda: g().integers([0, 300], 400, dtype=np.uint8),
            lambda: g().integers([0, 2**63], 5),
            lambda: g().integers([0, 5], [-1, 7], dtype=np.uint64),
            lambda: g().integers([3, 4], -2**63 - 1),
            lambda: g().integers([np.nan, 0], 5),
            lambda: rs.randint([0, 5], [7, 4]),
            lambda: rs.randint([0, 0], [7, 0]),
            lambda: rs.randint([0, 5], 2**70),
            lambda: rs.randint([0, 2], [7, 4], dtype=bool),
            lambda: np.random.randint([0, 1], [5, 6, 7])]:
    t(bad)
