# xpush: skip-device=npu
# dtype.ndim, alignment, byteorder, flags, hasobject, isbuiltin, isnative,
# metadata, num, type and newbyteorder, across every kind of dtype
import numpy as np
dts = [np.dtype('?'), np.dtype('i1'), np.dtype('u2'), np.dtype('f2'), np.dtype('f4'), np.dtype('f8'), np.dtype('c8'), np.dtype('c16'),
       np.dtype('i8'), np.dtype('u8'), np.dtype('i4'), np.dtype('u4'), np.dtype('i2'), np.dtype('u1'), np.dtype('U3'), np.dtype('S2'), np.dtype('M8[D]'), np.dtype('m8[s]'),
       np.dtype([('a', 'i4'), ('b', 'O')]), np.dtype(('f8', (2, 3))), np.dtype(object),
       np.dtype([('a', 'i1'), ('b', 'f8')], align=True), np.dtype([('a', 'i4')]), np.dtype([('a', 'U2')]),
       np.dtype(('U2', (2,))), np.dtype(('O', (2,))), np.dtype([('a', [('b', 'O')])]),
       np.dtype([('a', 'i1'), ('b', 'U3')], align=True), np.dtype([('a', 'i1'), ('b', 'O')], align=True),
       np.dtype([('a', 'M8[D]')]), np.rec.array([(1, 2.0)], names='a,b').dtype]
for d in dts:
    print(repr(d), d.alignment, repr(d.byteorder), d.flags, d.hasobject, d.isbuiltin, d.isnative, d.metadata, d.ndim, d.num, d.type)
# Orders that keep a native dtype as it is.
for d in dts:
    for order in ['=', 'native', 'N', 'n', '|', 'I', 'ignore']:
        print(repr(d), order, repr(d.newbyteorder(order)))
# Dtypes with no byte order to swap.
for d in [np.dtype('i1'), np.dtype('S3'), np.dtype(object), np.dtype('?'), np.dtype([('a', 'i1'), ('b', 'S2')]), np.dtype(('u1', (3,)))]:
    print(repr(d.newbyteorder()), repr(d.newbyteorder('>')), repr(d.newbyteorder('S')))
for bad in ['x', '', 'q']:
    try:
        np.dtype('f8').newbyteorder(bad)
    except Exception as e:
        print(type(e).__name__, e)
print(np.zeros(3, 'U2').dtype.type, np.arange(3).dtype.type, np.array(['2020-01-01'], 'M8[D]').dtype.type)
print(np.dtype(np.str_).type is np.str_, np.dtype('O').type is np.object_, np.dtype('m8').type is np.timedelta64)
print(np.zeros(2, [('a', 'f8')]).dtype.type is np.void, np.dtype('S').type is np.bytes_)
