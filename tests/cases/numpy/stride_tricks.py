# numpy.lib.stride_tricks: sliding windows over one or more axes (read-only
# views unless writeable=True), as_strided with byte strides, and
# NumPy's errors; np.lib.scimath is numpy.emath.
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view


def t(f):
    try:
        r = f()
        if isinstance(r, np.ndarray):
            print(repr(r), r.strides, r.flags.writeable)
        else:
            print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = np.arange(6)
m = np.arange(12).reshape(3, 4)
t(lambda: sliding_window_view(x, 3))
t(lambda: sliding_window_view(x, (3,)))
t(lambda: sliding_window_view(m, (2, 2)))
t(lambda: sliding_window_view(m, 3, axis=1))
t(lambda: sliding_window_view(m, (2, 3), axis=(0, 1)))
t(lambda: sliding_window_view(m, 2, axis=-2))
t(lambda: sliding_window_view(m.T, 2, axis=0))
t(lambda: sliding_window_view(m, (2, 2), axis=0))
t(lambda: sliding_window_view(x, 7))
t(lambda: sliding_window_view(x, -1))
t(lambda: sliding_window_view(m, 2))
t(lambda: sliding_window_view(x, 2, axis=2))
t(lambda: sliding_window_view(x, 2, writeable=True))
t(lambda: sliding_window_view(x, 3).sum(axis=-1))
t(lambda: sliding_window_view(np.arange(10.0), 4).mean(axis=1))
t(lambda: sliding_window_view(x, 0))
w = sliding_window_view(x, 2)
try:
    w[0, 0] = 5
except ValueError as e:
    print("ValueError:", e)

t(lambda: as_strided(x, shape=(4, 3), strides=(8, 8)))
t(lambda: as_strided(x, shape=(3,), strides=(16,)))
t(lambda: as_strided(x))
t(lambda: as_strided(x, shape=(2, 2)))
t(lambda: as_strided(x, (3,), (0,)))
t(lambda: as_strided(x[::-1], shape=(3,), strides=(-16,)))
t(lambda: as_strided(m, shape=(3,), strides=(40,)))
t(lambda: as_strided(x, shape=(2,), strides=(8, 8)))
s = as_strided(np.zeros(4, dtype=np.float64), shape=(2,), strides=(16,))
s[1] = 7
t(lambda: s)

t(lambda: np.lib.scimath.sqrt(-4))
t(lambda: np.lib.stride_tricks.sliding_window_view(x, 5))
