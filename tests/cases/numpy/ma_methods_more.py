# xpush: skip-device=npu
# More MaskedArray methods: lists, items and bytes (masked elements as None
# or the fill value), casts and complex parts (the mask copied, the fill
# value cast), product, anom, fill, choose, byteswap, getfield/setfield,
# setflags, resize (refused), tofile (not implemented), get_fill_value.
import numpy as np

m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])
a = np.ma.array([[3, 1, 2], [0, 7, 4]], mask=[[0, 1, 0], [1, 0, 0]])
print(m.tolist(), m.tolist(-1), a.tolist(), a.tolist(fill_value=0))
print(np.ma.array([1.5, 2]).tolist(), np.ma.array(5, mask=True).tolist(), np.ma.array(5).tolist())
print(np.ma.array([True, False], mask=[1, 0]).tolist(), np.ma.array([[1.5]], mask=[[0]]).tolist())
print(repr(m.item(0)), repr(m.item(1)), repr(a.item(1, 1)), repr(a.item(4)), repr(a.item((0, 2))))
print(repr(np.ma.array([7], mask=[1]).item()), repr(np.ma.array([2.5]).item()))
for f in [lambda: m.item(), lambda: m.item(9), lambda: a.item(9), lambda: a.item(0, 5), lambda: m.item(1, 2),
          lambda: m.tolist(fill_value='x'), lambda: m.tobytes(fill_value='x')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(m.tobytes(), m.tobytes(fill_value=0))
print(a.tobytes(order='F'), np.ma.array([1.5], mask=[1], dtype=np.float32).tobytes())
try:
    m.tofile('never_written.bin')
except Exception as e:
    print(type(e).__name__, e)
print(repr(m.toflex()), repr(m.torecords()))
print(repr(a.toflex()), repr(np.ma.array([1.5, 2]).toflex()))
print(m.toflex().dtype, m.toflex()['_mask'])

# astype
print(repr(m.astype(np.float32)), repr(m.astype(float).fill_value))
print(repr(m.astype('U5')), repr(m.astype(bool)), repr(m.astype(np.int8)))
print(repr(a.astype(np.float64)), repr(m.astype(np.float32, subok=False)))
print(m.astype(np.int64, copy=False) is m, m.astype(np.int64) is m)
m.fill_value = 7
print(repr(m.astype(np.float64)))
m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])

# complex parts
c = np.ma.array([1+2j, 3-4j, 5j], mask=[0, 1, 0])
print(repr(c.real), repr(c.imag), repr(c.get_real()), repr(c.get_imag()))
print(repr(c.conj()), repr(c.conjugate()), repr(c.conj().data), repr(np.ma.conjugate(c).data))
print(repr(m.real), repr(m.imag), repr(np.ma.array([3, 1], mask=[0, 1]).conj()), repr(np.ma.array([1.5, 2.5]).imag))
print(repr(np.ma.array([1+1j, 2j], mask=[1, 0], dtype=np.complex64).real))

# product is prod, anom the deviations from the mean
b = np.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]])
print(repr(m.product()), repr(m.prod()), repr(b.product(axis=0)), repr(b.product(axis=1)))
print(repr(b.product(axis=None)), repr(np.ma.array([2.0, 3.0], mask=[1, 1]).product()))
print(repr(m.anom()), repr(b.anom(axis=1)), repr(b.anom(axis=0)))
print(repr(m.anom(dtype=np.float32)), repr(np.ma.array([1.0, 2.0, 6.0]).anom()))

# fill writes the data and keeps the mask
f = m.copy(); print(f.fill(9)); print(repr(f))
f = b.astype(float); f.fill(0.5); print(repr(f))

# choose keeps the array's mask
i = np.ma.array([0, 1, 1], mask=[0, 0, 1])
print(repr(i.choose([[1, 2, 3], [4, 5, 6]])), repr(i.choose([10, 20], mode='clip')))
try:
    np.ma.array([0, 3]).choose([[1, 2], [3, 4]])
except Exception as e:
    print(type(e).__name__, e)

# bytes and fields
print(repr(m.byteswap()), repr(np.ma.array([1, 256], mask=[1, 0], dtype=np.int16).byteswap()))
s = np.ma.array([1, 256], mask=[0, 1], dtype=np.int16)
print(s.byteswap(inplace=True) is s, repr(s))
print(repr(m.getfield(np.int32)), repr(m.getfield(np.int32, 4)))
h = m.copy(); print(h.setfield(7, np.int32)); print(repr(h))
h.setflags(write=False)
try:
    h[0] = 1
except Exception as e:
    print(type(e).__name__, e)
print(h.flags.writeable, m.flags.writeable)

# resize is refused; get_fill_value is fill_value
try:
    m.resize((2, 2))
except Exception as e:
    print(type(e).__name__, e)
print(repr(m.get_fill_value()), repr(np.ma.array([1.0]).get_fill_value()), repr(np.ma.array(['a']).get_fill_value()))
