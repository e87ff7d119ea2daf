# Structured dtypes: the list, dict, comma-string and subarray forms,
# their repr/str, names, fields, descr, itemsize and equality.
import numpy as np

specs = [
    [('name', 'U10'), ('age', 'i4'), ('pos', 'f8', (2,))],
    [('x', np.float32), ('y', np.int16), ('flag', bool)],
    [('a', 'i4'), ('b', [('c', 'f4'), ('d', 'u1')])],
    [('', 'i4'), ('', 'f8')],
    [('m', 'f8', (2, 3))],
    [('t', 'M8[D]'), ('d', 'm8[s]'), ('o', 'O'), ('s', 'S3'), ('z', 'c16')],
    'i4,f8',
    'u1,(2,)f4, S5',
    {'names': ['a', 'b'], 'formats': ['i4', 'f8']},
    {'names': ['a', 'b'], 'formats': ['i4', 'f8'], 'offsets': [0, 8]},
    {'names': ['a', 'b'], 'formats': ['u1', 'u1'], 'itemsize': 4},
]
for s in specs:
    dt = np.dtype(s)
    print(repr(dt))
    print(str(dt))
    print(dt.names, dt.itemsize, dt.kind, dt.char, dt.str, dt.name, len(dt))
    print(dt.descr)
    print(dt.fields)
    print(dt.type, dt.isalignedstruct, dt.shape, dt.subdtype)

al = np.dtype([('a', 'i1'), ('b', 'f8'), ('c', 'i2')], align=True)
print(repr(al), str(al), al.itemsize, al.isalignedstruct, al.fields)
print(al.descr)

sub = np.dtype(('f8', (2, 3)))
print(repr(sub), str(sub), sub.shape, sub.base, sub.subdtype, sub.itemsize, sub.names)

dt = np.dtype([('name', 'U10'), ('age', 'i4'), ('pos', 'f8', (2,))])
print(dt['age'], repr(dt['pos']), dt[0], dt[-1], repr(dt[['age', 'name']]))
print(dt == np.dtype([('name', 'U10'), ('age', 'i4'), ('pos', 'f8', (2,))]))
print(dt == np.dtype([('name', 'U10'), ('age', 'i8'), ('pos', 'f8', (2,))]))
print(hash(np.dtype('i4,f8')) == hash(np.dtype([('f0', 'i4'), ('f1', 'f8')])))
print(np.dtype('f8').names, np.dtype('f8').fields, np.dtype('f8').descr, np.dtype('U3').descr)
print(np.dtype('f8').shape, np.dtype('f8').base, np.dtype('f8').subdtype, np.dtype('i2').isalignedstruct)
print(type(dt), isinstance(dt, np.dtype), np.issubdtype(dt, np.void), np.issubdtype(dt, np.flexible))
