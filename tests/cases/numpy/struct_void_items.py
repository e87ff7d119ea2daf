# Records (np.void): repr/str, item/tolist, equality, np.void(...), nested
# records, and tolist of structured arrays.
import numpy as np

dt = np.dtype([('name', 'U10'), ('age', 'i4'), ('pos', 'f8', (2,))])
a = np.array([('Alice', 25, [1.0, 2.0]), ('Bob', 30, [3.5, 4.0])], dtype=dt)
print(a.tolist())
print(a[0].item(), a.item(1))
print(repr(a[0]), str(a[0]))
b = np.array([(1, 2.5, True), (3, -0.5, False)], dtype=[('i', 'i8'), ('f', 'f4'), ('b', '?')])
print(repr(b[0]), repr(b[1]), b[1])
print(b.tolist(), b[0].tolist() if hasattr(b[0], 'tolist') else None)
print(repr(np.void((1, 2.0), dtype=[('a', 'i4'), ('b', 'f8')])))
print(repr(np.void(3, dtype='i2,f4')))
n = np.array([(1, (2.5, 3)), (4, (5.0, 6))], dtype=[('a', 'i4'), ('b', [('c', 'f4'), ('d', 'u1')])])
print(n.tolist(), repr(n[0]), repr(n[0]['b']), repr(n['b']['c']))
n['b']['d'] = 9
print(n)
print(a[0] == a[0], a[0] == a[1], a[0] != a[1])
print(repr(a == a), repr(a != a[::-1]), repr(a == a[0]))
print(np.array_equal(a, a.copy()), np.array_equal(a, a[::-1]))
c = np.array([(1, 2.0)], dtype='i4,f8')
print(repr(c == np.array([(1, 2.0)], dtype='i8,f4')))
z = np.zeros(2, dtype=[('m', 'i2', (2, 2))])
print(z.tolist(), repr(z[0]), z[0])
e = np.array([('2020-01-02', b'xy', 3+4j)], dtype=[('t', 'M8[D]'), ('s', 'S2'), ('c', 'c8')])
print(repr(e[0]), e[0], e.tolist()[0][1:])
