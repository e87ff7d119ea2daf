# Smaller NumPy names: the C-type scalar aliases, np.astype, np.row_stack,
# ndarray.mT, getbufsize/setbufsize, typecodes, little_endian, and the
# printing functions array2string, array_repr, array_str.
import warnings
import numpy as np

print(np.long is np.int64, np.ulong is np.uint64, np.uintc is np.uint32, np.uintp is np.uint64, np.ushort is np.uint16)
print(np.long(3), np.ulong(3), np.uintc(3), np.uintp(3), np.ushort(3), np.dtype(np.uintc), np.zeros(2, dtype=np.ushort).dtype)
print(repr(np.astype(np.arange(3), np.float32)), np.astype(np.arange(3), np.int64, copy=False), np.astype(np.float64(2.5), np.int32))
a = np.arange(3)
print(np.astype(a, a.dtype, copy=False) is a, np.astype(a, a.dtype) is a)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(np.row_stack(([1, 2], [3, 4])), np.row_stack([np.zeros(2), np.ones(2)], dtype=np.float32))
    print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
m = np.arange(24).reshape(2, 3, 4)
print(m.mT.shape, m.mT[1, 2], np.arange(6).reshape(2, 3).mT, np.shares_memory(m, m.mT))
print(np.getbufsize(), np.setbufsize(4096), np.getbufsize(), np.setbufsize(8192), np.getbufsize())
print(np.typecodes['AllFloat'], np.typecodes['All'], sorted(np.typecodes), np.little_endian)
x = np.array([[1.123456789, 2.5], [3, 4]])
print(np.array2string(x))
print(np.array2string(x, separator=', '))
print(np.array2string(x, precision=2, separator=',', prefix='xx('))
print(np.array_repr(x, precision=3))
print(np.array_str(x, max_line_width=10))
print(repr(np.array2string(np.array(5))), repr(np.array2string(np.array([]))), np.array2string(np.arange(2000), threshold=5, edgeitems=2))
print(np.array_repr(np.arange(3, dtype=np.float32), precision=2, suppress_small=True), np.array_str(np.array([1e-9, 1.0]), suppress_small=True))
print(np.array2string(np.linspace(0, 1, 12), max_line_width=40, suffix=')'))
print(np.array_repr(np.zeros((0, 3))), np.array_str(np.array(2.5)), np.array_repr(np.array([True, False])))
for bad in [lambda: np.astype([1, 2], np.float32), lambda: np.zeros(3).mT, lambda: np.setbufsize(10),
            lambda: np.setbufsize(4), lambda: np.setbufsize(10**7 + 16), lambda: np.setbufsize(-16),
            lambda: np.setbufsize(5.0)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
