# np.zeros_like, ones_like, empty_like and full_like of str, bytes, object,
# datetime64 and timedelta64 arrays (and to those dtypes), and np.zeros,
# ones and full with such a dtype.
import numpy as np
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
s = np.array([['a', 'bc'], ['d', 'e']])
o = np.array([1, None], dtype=object)
d = np.array(['2020-01-01', '2021-03-04'], dtype='M8[D]')
m = np.array([1, 2], dtype='m8[h]')
b = np.array([b'xy', b'z'])
for x in [s, o, d, m, b]:
    t(lambda: np.zeros_like(x))
    t(lambda: np.ones_like(x))
    t(lambda: np.empty_like(x).shape)
    t(lambda: np.zeros_like(x, dtype=float))
t(lambda: np.full_like(s, 'xyz'))
t(lambda: np.full_like(o, [1, 2]))
t(lambda: np.full_like(d, '2000-01-01'))
t(lambda: np.full_like(m, 5))
t(lambda: np.full_like(np.arange(3), 'a', dtype='U1'))
t(lambda: np.zeros_like(np.arange(3), dtype=object))
t(lambda: np.empty_like(np.arange(3.0), dtype=object))
t(lambda: np.ones_like(s, shape=(3,)))
t(lambda: np.zeros(2, dtype='U3'))
t(lambda: np.ones(2, dtype='M8[D]'))
t(lambda: np.full(2, 'abcd', dtype='U2'))
t(lambda: np.full((2,), None))
t(lambda: np.full(2, 'ab'))
