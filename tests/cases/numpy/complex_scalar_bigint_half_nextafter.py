# A complex NumPy scalar compared with a Python int beyond int64 is
# scalarmath's lexicographic comparison (the int through a double), as
# with a small one: the NaN imaginary part does not void the real parts'
# order there, unlike the ufunc on arrays.
import numpy as np

z = np.complex64(complex(1.5, np.nan))
for other in (2, 2**70, -2**70, 2**64):
    print(other, z <= other, z < other, z >= other, z > other, z == other, z != other)
print(np.complex128(complex(1.5, np.nan)) <= 2**63, np.array([z]) <= 2**70)
# float16's nextafter returns x when x == y (npy_half_nextafter); float32
# and float64 follow C's nextafter, which returns y.
for dt in (np.float16, np.float32, np.float64):
    print(repr(np.nextafter(np.array([0.0, -0.0, 1.5], dtype=dt), np.array([-0.0, 0.0, 1.5], dtype=dt))))
# np.bool_ has no scalarmath: its comparison with a complex scalar is the
# ufunc's (NaN rule); the complex scalar on the left is scalarmath's.
z = np.complex64(complex(0.5, np.nan))
print(np.True_ >= z, z <= np.True_, True >= z, np.float16(1) >= z, np.float64(1) >= z, np.int8(1) >= z)
# np.clip of complex values with two bounds is the clip ufunc's loop: a
# NaN part in a bound counts for nothing in its lexicographic order, a NaN
# element is kept.
a = np.array([1, 2, -3], dtype=np.int8)
print(repr(np.clip(a, -1, np.complex64(complex(1.5, np.nan)))))
print(repr(np.clip(np.array([complex(np.nan, 1), 3j, 2 + 1j, -2]), complex(-1, np.nan), 1 + 1j)))
print(repr(np.clip(np.array([1 + 1j, 1 - 1j, 1 + 3j]), 1 + 0j, 1 + 2j)), repr(np.clip(np.complex64(2), 0, 1j)))
