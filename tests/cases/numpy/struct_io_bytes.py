# a.tobytes() and np.frombuffer of structured dtypes: the packed records
# (padding zero, fields at their offsets), and back.
import numpy as np

dt = np.dtype([('id', 'u2'), ('name', 'U2'), ('xy', 'f4', (2,)), ('flag', '?'), ('raw', 'S3')])
a = np.array([(1, 'ab', (0.5, -1), True, b'hi'), (65535, 'z', (2, 3), False, b'')], dtype=dt)
buf = a.tobytes()
print(len(buf), buf)
print(a[1].tobytes() if hasattr(a[1], 'tobytes') else None)
print(a[::-1].tobytes() == a[1].tobytes() + a[0].tobytes())
b = np.frombuffer(buf, dtype=dt)
print(repr(b), b.flags.writeable)
print(repr(np.frombuffer(buf, dtype=dt, count=1, offset=dt.itemsize)))
print(repr(np.frombuffer(bytearray(buf), dtype=dt)), np.frombuffer(bytearray(buf), dtype=dt).flags.writeable)
print(repr(np.frombuffer(b'\x01\x00\x00\x00\x00\x00\x00\x00\xf0?\x02\x00\x00\x00\x00\x00\x00\x00\x00@',
                         dtype=[('i', '<i2'), ('f', '<f8')])))
print(repr(np.frombuffer(b'\x01\x02\x03\x04', dtype='u1,u1')))

nested = np.array([((1, 2), 3)], dtype=[('p', [('x', 'i1'), ('y', 'i1')]), ('z', '<i4')])
print(nested.tobytes(), repr(np.frombuffer(nested.tobytes(), nested.dtype)))
t = np.array([(np.datetime64('2000-01-02'), np.timedelta64(5, 's'))], dtype=[('d', 'M8[D]'), ('s', 'm8[s]')])
print(t.tobytes(), np.frombuffer(t.tobytes(), t.dtype))
grid = np.array([[(1, 2.0), (3, 4.0)], [(5, 6.0), (7, 8.0)]], dtype='i1,f2')
print(grid.tobytes(), grid.T.tobytes(), grid.tobytes(order='F'), grid.T.tobytes('A'))
print(b['xy'].tobytes())

for bad in [dict(count=3), dict(offset=100), dict(offset=-1), dict(offset=1)]:
    try:
        np.frombuffer(buf, dtype=dt, **bad)
    except ValueError as e:
        print('ValueError', e)
try:
    b['id'] = 3
except ValueError as e:
    print('ValueError', e)
