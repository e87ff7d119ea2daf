# numpy.ma's structured names: flatten_structured_array, fromflex and
# mvoid, the masked record.
import numpy as np

dt = [('a', 'i4'), ('b', 'f8')]
x = np.ma.mvoid((1, 2.0), mask=(False, True), dtype=dt)
print(repr(x))
print(x)
print(type(x), x['a'], x['b'], repr(x[0]), x.mask, repr(x.mask), x.data, repr(x.data), x.tolist(), len(x))
print(list(x), repr(x.filled()), repr(x.filled(-1)))
y = np.ma.mvoid((1, 2.0), dtype=dt)
print(repr(y), y.mask)
z = np.ma.mvoid((1, 2.0), mask=(True, True), dtype=dt)
z['b'] = 7.5
print(z, repr(z['b']), z.tolist(), z.mask)
print(np.ma.mvoid((3, 'x'), mask=(True, True), dtype=[('n', 'i2'), ('s', 'U2')]))
print(np.ma.mvoid(np.zeros(1, dtype=dt)[0]))
print(isinstance(x, np.ma.MaskedArray), isinstance(x, np.ma.mvoid))

a = np.array([(1, 2.0), (3, 4.0)], dtype=dt)
print(repr(np.ma.flatten_structured_array(a)))
print(repr(np.ma.flatten_structured_array(np.array([(1, (2, 3.5))], dtype=[('a', 'i4'), ('b', [('c', 'i2'), ('d', 'f4')])]))))
print(repr(np.ma.flatten_structured_array(np.zeros((2, 2), dtype=[('p', 'i2', (2,)), ('q', 'u1')]))))
print(repr(np.ma.flatten_structured_array(np.array([('u', 1)], dtype=[('s', 'U3'), ('n', 'i4')]))))
f = np.array([(1, False), (2, True)], dtype=[('_data', 'i4'), ('_mask', '?')])
m = np.ma.fromflex(f)
print(repr(m), m.sum())
print(repr(np.ma.fromflex(np.array([(1.5, True)], dtype=[('_data', 'f8'), ('_mask', '?')]))))
for g in [lambda: x['z'], lambda: x[5], lambda: np.ma.mvoid((1, 2.0), mask=(True,), dtype=dt)]:
    try:
        print(repr(g()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
