# Record arrays: np.rec.array, fromarrays, fromrecords, np.recarray,
# view(np.recarray), fields as attributes of the array and of its
# np.record elements, and their reprs.
import numpy as np

r = np.rec.array([(1, 2.0, 'a'), (3, 4.0, 'bc')], dtype=[('x', 'i4'), ('y', 'f8'), ('s', 'U2')])
print(repr(r))
print(r)
print(repr(r.dtype), str(r.dtype), r.dtype.type)
print(repr(r[0]), r[0], type(r[0]), r[0].x, r[0].s, repr(r[0].y))
print(repr(r.x), repr(r.s), type(r[1:]), repr(r[1:]))
print(type(r['x']), type(r[['x', 'y']]), type(r), type(r.x))
print(repr(np.rec.fromarrays([np.arange(2), np.array([1.5, 2.5])], names='a,b')))
print(repr(np.rec.fromarrays([[1, 2], ['u', 'vw']], names=['n', 't'])))
print(repr(np.rec.fromrecords([(1, 'x'), (2, 'y')], names=['n', 's'])))
print(repr(np.rec.fromrecords([(1, 2.5), (3, 4.5)], dtype=[('p', 'i2'), ('q', 'f4')])))
print(repr(np.rec.fromrecords([(1, 2.5)], formats='i2,f4', names='p,q')))
a = np.zeros(2, dtype='i4,f8')
v = a.view(np.recarray)
print(repr(v), v.f0, type(v))
v.f1 = [1.5, 2.5]
print(repr(a))
n = np.rec.array([(1, (2, 3.0))], dtype=[('a', 'i4'), ('b', [('c', 'i2'), ('d', 'f4')])])
print(repr(n.b), type(n.b), n.b.c, repr(n[0].b), n[0].b.d)
print(repr(np.rec.array(np.zeros(0, dtype='i4,f8'))))
print(repr(np.rec.array(None, shape=(2, 0), dtype='i4,f8')))
print(repr(np.rec.array([(1, 2)], formats='i4,f4', names='p,q')))
print(repr(np.rec.array([np.arange(3), np.arange(3) * 0.5], names='i,h')))
r.x = [7, 8]
print(r)
r[0].y = 9.5
print(r)
print(isinstance(r, np.ndarray), isinstance(r, np.recarray), isinstance(r[0], np.void), isinstance(r[0], np.record))
for f in [lambda: r.zz, lambda: r[0].zz, lambda: np.rec.array(None),
          lambda: np.rec.fromarrays([np.arange(2), np.arange(3)]),
          lambda: np.rec.fromarrays([np.arange(2)], names='a,b')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
print(repr(r.tolist()))
print(repr(np.rec.array([(1, 2.0)], dtype='i4,f8')[0]))
print(r.dtype == np.dtype([('x', 'i4'), ('y', 'f8'), ('s', 'U2')]))
print(np.rec.find_duplicate(['a', 'b', 'a', 'c', 'b', 'a']), np.rec.format_parser('i4,f8', 'a', None).dtype)
print(np.recarray(3, dtype=[('x', 'i4')]).shape, np.recarray((2, 2), formats='f4,i1', names='a,b').dtype)
print(repr(np.sort(np.rec.array([(3, 1.0), (1, 2.0)], names='k,v'), order='k')))
s = r[r.x > 7]
print(repr(s), s.s)
