# np.clip as NumPy 2's _clip: Python int bounds beyond an integer array's
# range on their own side are dropped; two bounds promote with the array
# (Python scalars weak) as the three-operand clip ufunc does.
import numpy as np

u = np.zeros((2,), np.uint32)
i = np.array([3, 1000, -32768, 0], np.int32)
u16 = np.array([3, 100, 3], np.uint16)
cases = [
    ('np.clip(u, -1, True)', lambda: np.clip(u, -1, True)),
    ('np.clip(i, 2, 2**70)', lambda: np.clip(i, 2, 2**70)),
    ('np.clip(i, -2**70, 5)', lambda: np.clip(i, -2**70, 5)),
    ('np.clip(u16, 0.5, np.complex64(complex(0.5, 1e10)))', lambda: np.clip(u16, 0.5, np.complex64(complex(0.5, 1e10)))),
    ('np.clip(i, 2.5, None)', lambda: np.clip(i, 2.5, None)),
    ('np.clip(i, np.int64(2), np.int8(5))', lambda: np.clip(i, np.int64(2), np.int8(5))),
    ('np.clip(u16, -1, 300)', lambda: np.clip(u16, -1, 300)),
    ('np.clip(u16, 70000, None)', lambda: np.clip(u16, 70000, None)),
    ('np.clip(i, None, np.uint64(5))', lambda: np.clip(i, None, np.uint64(5))),
    ('np.clip(u16, np.float32(1.5), 2)', lambda: np.clip(u16, np.float32(1.5), 2)),
    ('np.clip(np.array([1,2,3], np.int8), 300, 400)', lambda: np.clip(np.array([1,2,3], np.int8), 300, 400)),
    ('np.clip(np.array([1,2,3], np.int8), -300, 2)', lambda: np.clip(np.array([1,2,3], np.int8), -300, 2)),
    ('np.clip(np.array([1,2,3], np.int8), -300, 300)', lambda: np.clip(np.array([1,2,3], np.int8), -300, 300)),
    ('np.clip(np.array([True, False]), -5, 9)', lambda: np.clip(np.array([True, False]), -5, 9)),
    ('np.clip(np.array([1.5, 2.5]), 2, 2**70)', lambda: np.clip(np.array([1.5, 2.5]), 2, 2**70)),
    ('i.clip(0, 100)', lambda: i.clip(0, 100)),
    ('np.clip(i, -2**200, 2**200)', lambda: np.clip(i, -2**200, 2**200)),
    ('np.clip(u16, 1, 0)', lambda: np.clip(u16, 1, 0)),
]
for label, fn in cases:
    try:
        print(label, "->", repr(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, e)
