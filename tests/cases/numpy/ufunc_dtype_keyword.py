# A ufunc's dtype= as NumPy 2 resolves it (the signature (None, ..., dtype)):
# the homogeneous loop with each input cast under same_kind, else the first
# loop with that output and safe inputs; bool-output ufuncs take bool only.
import numpy as np

f = np.array([1.5])
i = np.array([3])
u = np.array([7], np.uint64)
b = np.array([True])
cases = [
    ('np.add(f, 1, dtype=np.int64)', lambda: np.add(f, 1, dtype=np.int64)),
    ('np.add(i, i, dtype=np.float32)', lambda: np.add(i, i, dtype=np.float32)),
    ('np.cos(u, dtype=np.float16)', lambda: np.cos(u, dtype=np.float16)),
    ('np.less(f, f, dtype=np.float64)', lambda: np.less(f, f, dtype=np.float64)),
    ('np.less(f, f, dtype=bool)', lambda: np.less(f, f, dtype=bool)),
    ('np.ldexp(f, i, dtype=np.float32)', lambda: np.ldexp(f, i, dtype=np.float32)),
    ('np.isnan(f, dtype=bool)', lambda: np.isnan(f, dtype=bool)),
    ('np.isnan(f, dtype=np.float64)', lambda: np.isnan(f, dtype=np.float64)),
    ('np.add(i, i, dtype=bool)', lambda: np.add(i, i, dtype=bool)),
    ('np.add(b, b, dtype=np.int8)', lambda: np.add(b, b, dtype=np.int8)),
    ('np.sqrt(i, dtype=np.int64)', lambda: np.sqrt(i, dtype=np.int64)),
    ('np.sqrt(f, dtype=np.complex64)', lambda: np.sqrt(f, dtype=np.complex64)),
    ('np.add(f, 1j, dtype=np.float64)', lambda: np.add(f, 1j, dtype=np.float64)),
    ('np.power(i, i, dtype=np.uint8)', lambda: np.power(i, i, dtype=np.uint8)),
    ('np.negative(b, dtype=np.int8)', lambda: np.negative(b, dtype=np.int8)),
    ('np.invert(f, dtype=np.int64)', lambda: np.invert(f, dtype=np.int64)),
    ('np.floor_divide(f,f,dtype=np.int16)', lambda: np.floor_divide(f,f,dtype=np.int16)),
    ('np.maximum(i, 2**70, dtype=np.float64)', lambda: np.maximum(i, 2**70, dtype=np.float64)),
    ('np.add(i, 2**70, dtype=np.float64)', lambda: np.add(i, 2**70, dtype=np.float64)),
    ('np.signbit(i, dtype=bool)', lambda: np.signbit(i, dtype=bool)),
    ('np.heaviside(i, i, dtype=np.float32)', lambda: np.heaviside(i, i, dtype=np.float32)),
    ('np.absolute(np.array([1+1j]), dtype=np.complex128)', lambda: np.absolute(np.array([1+1j]), dtype=np.complex128)),
    ('np.absolute(np.array([1+1j]), dtype=np.float32)', lambda: np.absolute(np.array([1+1j]), dtype=np.float32)),
    ('np.gcd(i,i,dtype=np.int8)', lambda: np.gcd(i,i,dtype=np.int8)),
    ('np.left_shift(i,i,dtype=np.uint64)', lambda: np.left_shift(i,i,dtype=np.uint64)),
    ('np.logical_and(f,f,dtype=np.float64)', lambda: np.logical_and(f,f,dtype=np.float64)),
    ('np.logical_and(f,f,dtype=bool)', lambda: np.logical_and(f,f,dtype=bool)),
    ('np.equal(i,i,dtype=np.int64)', lambda: np.equal(i,i,dtype=np.int64)),
    ('np.spacing(i, dtype=np.float64)', lambda: np.spacing(i, dtype=np.float64)),
    ('np.add(np.int8(1), np.int16(1), dtype=np.int8)', lambda: np.add(np.int8(1), np.int16(1), dtype=np.int8)),
    ('np.add(np.array([1], np.int8), 300, dtype=np.int8)', lambda: np.add(np.array([1], np.int8), 300, dtype=np.int8)),
    ('np.multiply(i, 2.5, dtype=np.float32)', lambda: np.multiply(i, 2.5, dtype=np.float32)),
    ('np.exp(i, dtype=np.float32)', lambda: np.exp(i, dtype=np.float32)),
    ('np.subtract(b, b, dtype=np.float16)', lambda: np.subtract(b, b, dtype=np.float16)),
    ('np.divide(i, i, dtype=np.float16)', lambda: np.divide(i, i, dtype=np.float16)),
    ('np.true_divide(i, i, dtype=np.int64)', lambda: np.true_divide(i, i, dtype=np.int64)),
    ('np.fmax(np.array(False), -2**63, dtype=np.float32)', lambda: np.fmax(np.array(False), -2**63, dtype=np.float32)),
    ('np.add(i, i, dtype=np.int64, out=np.zeros(1, np.float64))', lambda: np.add(i, i, dtype=np.int64, out=np.zeros(1, np.float64))),
    ('np.sqrt(f, dtype=np.float32, out=np.zeros(1))', lambda: np.sqrt(f, dtype=np.float32, out=np.zeros(1))),
]
for label, fn in cases:
    try:
        print(label, "->", repr(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, e)
