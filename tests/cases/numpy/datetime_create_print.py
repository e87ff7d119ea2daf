# datetime64 and timedelta64: scalars and arrays from ISO strings and
# counts, every precision, NaT, printing and the dtype's attributes.
import numpy as np

d = np.array(['2020-01-01', 'NaT', '2021-03-04'], dtype='datetime64[D]')
print(repr(d))
print(d)
print(repr(d[0]), str(d[0]), repr(d[1]), str(d[1]))
t = np.array([1, 10, -3], dtype='m8[D]')
print(repr(t))
print(t)
print(repr(t[0]), str(t[0]))
print(repr(np.array([1, 'NaT'], dtype='m8[h]')))
print(np.array([1, 'NaT'], dtype='m8[h]'))
for s in ['2020', '2020-02', '2020-02-29', '2020-01-01T10', '2020-01-01T10:30',
          '2020-01-01T10:30:05', '2020-01-01 10:00:00.5', '2020-01-01T00:00:00.123456',
          '1969-12-31T23:59:59.123456789', '1900-03-01']:
    x = np.datetime64(s)
    print(repr(x), str(x), x.dtype)
print(repr(np.datetime64('2020-01-01', 's')), repr(np.datetime64(10, 'D')), repr(np.datetime64(-1, 'h')))
print(repr(np.datetime64('NaT')), repr(np.timedelta64('NaT')), repr(np.timedelta64(3)))
print(repr(np.timedelta64(5, 'W')), str(np.timedelta64(1, 'W')), str(np.timedelta64(3)), repr(np.timedelta64('NaT', 'D')))
print(repr(np.array(['2020-01-01', '2020-01-01T12'], dtype='datetime64')))
print(repr(np.array([np.datetime64('2020-01-01'), np.datetime64('2020-01-02T03')])))
print(d.dtype, repr(d.dtype), d.dtype.kind, d.dtype.char, d.dtype.str, d.dtype.name, d.dtype.itemsize)
print(t.dtype, repr(t.dtype), t.dtype.kind, t.dtype.str, np.datetime_data(t.dtype), np.datetime_data(np.dtype('M8[ms]')))
print(d.shape, d.ndim, d.size, len(d), d.nbytes)
print(repr(np.zeros(2, dtype='datetime64[D]')), repr(np.arange(3).astype('datetime64[D]')))
print(repr(np.array(['2020-01-01'] * 12, dtype='M8[D]').reshape(3, 4)))
