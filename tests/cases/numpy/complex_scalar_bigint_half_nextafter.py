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
