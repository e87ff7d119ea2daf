# np.select with NumPy 2's weak Python scalars: the result dtype is
# np.result_type of the choices and the default with Python scalars weak,
# and Python ints are C-cast into it (300 in uint8 is 44).
import numpy as np

a = np.array([3, 255, 0], np.uint8)
c = np.array([1 + 2j], np.complex64)
i32 = np.array([1, 2], np.int32)
cases = [
    ('np.select([a>1], [a], default=300)', lambda: np.select([a>1], [a], default=300)),
    ('np.select([a>1], [a], default=-1)', lambda: np.select([a>1], [a], default=-1)),
    ('np.select([a>1], [a, ], default=2**70)', lambda: np.select([a>1], [a, ], default=2**70)),
    ('np.select([a>1, a<0], [a, 2**70], default=2)', lambda: np.select([a>1, a<0], [a, 2**70], default=2)),
    ('np.select([c.real>0], [c], default=2)', lambda: np.select([c.real>0], [c], default=2)),
    ('np.select([i32>1], [i32], default=0)', lambda: np.select([i32>1], [i32], default=0)),
    ('np.select([i32>1], [i32*2], default=1.5)', lambda: np.select([i32>1], [i32*2], default=1.5)),
    ('np.select([i32>1], [5], default=1.5)', lambda: np.select([i32>1], [5], default=1.5)),
    ('np.select([i32>1], [5], default=7)', lambda: np.select([i32>1], [5], default=7)),
    ('np.select([a>1], [a], default=np.int64(1))', lambda: np.select([a>1], [a], default=np.int64(1))),
    ('np.select([a>1],[a],default=255)', lambda: np.select([a>1],[a],default=255)),
    ('np.select([a>1], [a], default=256)', lambda: np.select([a>1], [a], default=256)),
    ('np.select([a>1], [300], default=1)', lambda: np.select([a>1], [300], default=1)),
    ('np.select([c.real > 1, c.real < 0], [c, 2], default=255)', lambda: np.select([c.real > 1, c.real < 0], [c, 2], default=255)),
    ('np.select([i32 > 1, i32 < 0], [i32, np.int64(5)], default=0)', lambda: np.select([i32 > 1, i32 < 0], [i32, np.int64(5)], default=0)),
    ('np.select([i32 > 1], [i32], default=np.float32(0.5))', lambda: np.select([i32 > 1], [i32], default=np.float32(0.5))),
    ('np.select([a > 1, a < 0], [a, 2], default=2)', lambda: np.select([a > 1, a < 0], [a, 2], default=2)),
    ('np.select([i32 > 1, i32 < 0], [i32, 2.5], default=0)', lambda: np.select([i32 > 1, i32 < 0], [i32, 2.5], default=0)),
    ('np.select([np.zeros(0, bool)], [np.zeros(0, bool)], default=2**70)', lambda: np.select([np.zeros(0, bool)], [np.zeros(0, bool)], default=2**70)),
    ('np.select([np.array([True, False])], [np.array([1, 2], np.int8)], default=2**7)', lambda: np.select([np.array([True, False])], [np.array([1, 2], np.int8)], default=2**7)),
]
for label, fn in cases:
    try:
        print(label, "->", repr(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, e)
