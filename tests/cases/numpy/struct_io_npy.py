# Structured arrays through np.save / np.load: the header's descr list
# (padding, nested and subarray fields) and the packed records, both ways
# with NumPy's bytes.
import numpy as np

npy = '_xpush_tmp_struct_io.npy'


def roundtrip(a):
    np.save(npy, a)
    print(open(npy, 'rb').read())
    b = np.load(npy)
    print(repr(b))
    print(b.dtype == a.dtype, b.shape, (b == a).all())


dt = np.dtype([('name', 'U3'), ('age', 'i4'), ('pos', 'f8', (2,)), ('ok', '?'),
               ('b', 'S2'), ('t', 'M8[D]')])
roundtrip(np.array([('ab', 1, (1.5, 2), True, b'x', '2020-01-01'),
                    ('xyz', -2, (3, 4), False, b'yz', 'NaT')], dtype=dt))
roundtrip(np.array([((1, 2.5), [[1, 2], [3, -4]])],
                   dtype=[('p', [('x', 'i2'), ('y', 'f4')]), ('q', 'i1', (2, 2))]))
roundtrip(np.array([[(1, 2.0)], [(3, 4.5)]], dtype='i2,f4'))
roundtrip(np.array((7, 'z'), dtype=[('n', 'u8'), ('s', 'U1')]))
roundtrip(np.array([(1 + 2j, 3)], dtype=[('c', 'c16'), ('h', 'f2')]))
roundtrip(np.array([], dtype=[('a', 'i4')]))

# Padding: an offsets dict (records from bytes with zero padding, so the
# padding bytes are NumPy's too).
padded = np.frombuffer(bytes([1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0]),
                       {'names': ['a', 'b'], 'formats': ['u1', '<i4'],
                        'offsets': [0, 4], 'itemsize': 12})
np.save(npy, padded)
print(open(npy, 'rb').read())
back = np.load(npy)
print(back.dtype, back, back.dtype.itemsize)

# A strided view saves its records in order.
r = np.array([(i, i * 0.5) for i in range(6)], dtype=[('i', 'i4'), ('f', 'f8')])
np.save(npy, r[::2])
print(open(npy, 'rb').read()[-48:])
np.save(npy, r[['f']])
print(np.load(npy))

# Files NumPy wrote: a big-endian record, an aligned one with padding,
# and a Fortran-ordered 2-d one.
with open(npy, 'wb') as f:
    f.write(b"\x93NUMPY\x01\x00v\x00{'descr': [('a', '>i4'), ('b', '>f8'), ('c', '>U2')], 'fortran_order': False, 'shape': (2,), }                       \n\x00\x00\x00\x01?\xf8\x00\x00\x00\x00\x00\x00\x00\x00\x00h\x00\x00\x00i\xff\xff\xff\xfe\xc0\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00z\x00\x00\x00\x00")
big = np.load(npy)
print(big['a'], big['b'], big['c'], big.tolist())
with open(npy, 'wb') as f:
    f.write(b"\x93NUMPY\x01\x00v\x00{'descr': [('a', '|u1'), ('', '|V3'), ('b', '<i4')], 'fortran_order': False, 'shape': (2,), }                        \n\x01\x00\x00\x00\x03\x00\x00\x00\x02\x00\x00\x00\x04\x00\x00\x00")
al = np.load(npy)
print(al, al.dtype, al.dtype.names, al.dtype.itemsize, al.dtype.fields['b'])
with open(npy, 'wb') as f:
    f.write(b"\x93NUMPY\x01\x00\xb6\x00{'descr': [('x', '<i2', (2, 2)), ('y', [('p', '|u1')])], 'fortran_order': True, 'shape': (2, 2), }                                                                                   \n\x01\x00\x02\x00\x03\x00\x04\x00\x05\x03\x00\x04\x00\x05\x00\x06\x00\x07\x06\x00\x07\x00\x08\x00\t\x00\t\x08\x00\t\x00\n\x00\x0b\x00\x0b")
fo = np.load(npy)
print(repr(fo))
np.save(npy, fo)
print(open(npy, 'rb').read())
np.save(npy, fo.T)
print(open(npy, 'rb').read()[-40:])

# Several arrays one after another in an open file.
with open(npy, 'wb') as f:
    np.save(f, r[:2])
    np.save(f, np.arange(3))
    np.save(f, np.array([('q', 1)], dtype=[('s', 'U1'), ('n', 'i1')]))
with open(npy, 'rb') as f:
    print(repr(np.load(f)), repr(np.load(f)), repr(np.load(f)))
