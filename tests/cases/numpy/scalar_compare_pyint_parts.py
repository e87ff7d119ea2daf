# NumPy scalar math with Python ints in comparisons (in range and out of
# the scalar's range, where NumPy compares by value), and the real and
# imaginary parts of complex NumPy scalars: values, dtypes and types.
import numpy as np

for s in [np.float64(0.5), np.float32(-1.5), np.float16(2.0), np.int8(-3), np.uint8(200), np.int64(7), np.bool_(True)]:
    for k in [0, 1, -1, 200, 1000, -1000, 2**62, -(2**62)]:
        r = (s < k, s <= k, s == k, s != k, s > k, s >= k, k < s, k == s)
        print(type(s).__name__, k, r, type(r[0]).__name__)

print(np.uint64(2**63) > -1, np.uint64(5) == 5, np.int16(300) < 2**40)
x = np.array([0.5, -2.0, 3.0])
n = 0
for i in range(3):
    if x[i] < 0:
        n += 1
    elif x[i] >= 3:
        n += 10
print(n)

for z in [np.complex64(1.5 - 2j), np.complex128(-0.0 + 3j), np.complex64(complex('nan+1j'))]:
    print(repr(z.real), repr(z.imag), type(z.real).__name__, np.real(z), np.imag(z))
    print(repr(np.real(z)), repr(np.imag(z)), np.iscomplex(z), np.isreal(z))
print(repr(np.float32(2.5).real), repr(np.float32(2.5).imag), repr(np.int8(3).imag))
