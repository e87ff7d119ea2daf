# xpush: skip-device=npu
# Print options with masked arrays, matrices and record arrays; legacy='1.13' repr of masked arrays (NumPy's old template), records, voids, strings, times and 0-d arrays.
import numpy as np
for kw in [dict(legacy='1.13'), dict(legacy='1.25'), dict(sign='+'), dict(floatmode='fixed', precision=2), dict(nanstr='NA', infstr='INF')]:
    with np.printoptions(**kw):
        print(kw)
        m = np.ma.array([1.5, -2.0, np.nan, np.inf], mask=[0, 1, 0, 0])
        print(repr(m), m)
        print(repr(np.matrix([[1.5, 2.0]])), np.matrix([[1, -2]]))
        r = np.rec.array([(1, 2.5)], dtype=[('a', 'i4'), ('b', 'f8')])
        print(repr(r), repr(r[0]))
        print(repr(np.array([1.5, 2.0]).view(np.recarray)) if False else '')
        print(np.array([1.5, np.nan]).tolist(), f"{np.float64(2.5)!r} {np.int16(3)!r}", np.float64(2.5).__repr__() if False else '')
np.set_printoptions(legacy='1.13')
m2 = np.ma.array([[1.5, 2.0], [3.0, -4.0]], mask=[[0, 1], [0, 0]])
print(repr(m2))
print(repr(np.ma.array([1, 2, 3])))
print(repr(np.ma.array(['a', 'b'], mask=[1, 0])))
r = np.rec.array([(1, 2.5, 'x'), (2, -1.0, 'yy')], dtype=[('a', 'i4'), ('b', 'f8'), ('c', 'U2')])
print(repr(r), repr(r[1]), str(r[1]), r)
v = np.array([(1, 2.5)], dtype=[('a', 'i4'), ('b', 'f8')])
print(repr(v[0]), str(v[0]), repr(v), v)
print(repr(np.array(['a', 'bcd'])), repr(np.array([b'x'])), repr(np.array(['2020-01-01', 'NaT'], dtype='M8[D]')), repr(np.array([1, 2], dtype='m8[s]')))
print(repr(np.array([None, 1.5, 'x'], dtype=object)), repr(np.array(np.str_('q'))), str(np.array('q')))
print(repr(np.array(np.datetime64('2020-01-01'))), repr(np.array((1, 2.5), dtype=[('a', 'i4'), ('b', 'f8')])))
