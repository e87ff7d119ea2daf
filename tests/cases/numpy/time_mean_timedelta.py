import warnings
import numpy as np
a = np.array([-1, -2, -4], dtype='m8[s]')
print(repr(a.mean()), repr(np.mean(a)), type(np.mean(a)).__name__)
print(np.mean(np.array([1, 2, 4], dtype='m8[s]')))
b = np.array([[1, 2, 5], [4, 7, 'NaT']], dtype='m8[D]')
print(repr(np.mean(b, axis=0)))
print(repr(np.mean(b, axis=1)))
print(repr(b.mean(axis=(0, 1))))
print(repr(b.mean(axis=-1, keepdims=True)))
print(repr(np.mean(b)))
print(repr(np.mean(b[:, :2], axis=None, keepdims=True)))
print(repr(np.mean(b[:, :2], 0)))
print(np.mean(b[:, :2], axis=0))
c = np.arange(24).reshape(2, 3, 4).astype('m8[ms]') * 7
print(repr(c.mean(axis=(0, 2))))
print(repr(c.T.mean(axis=1)))
print(repr(np.mean(c[:, ::2, 1:], axis=(2, 0), keepdims=True)))
print(repr(np.mean(np.array([3, 4], dtype='m8'))))
print(repr(np.array([2**62, 2**62], dtype='m8[s]').mean()))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print(repr(np.mean(np.array([], dtype='m8[h]'))))
    print(repr(np.mean(np.zeros((0, 3), dtype='m8[h]'), axis=0)))
    print(repr(np.mean(np.zeros((3, 0), dtype='m8[h]'), axis=0)))
for x in w:
    print(x.category.__name__, x.message)
for bad in [lambda: np.mean(np.array(['2020-01-01', '2020-01-03'], dtype='M8[D]')),
            lambda: np.mean(b, axis=2),
            lambda: np.mean(b, axis=(0, 0))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
