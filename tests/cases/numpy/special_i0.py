# np.i0 is NumPy's Chebyshev series in Python, step for step on arrays:
# float16/float32 stay in their dtype (weak Python constants), integers
# become float64, a scalar gives a 0-d array, complex is a TypeError.
import numpy as np

frac = (np.arange(1, 121) * 0.6180339887498949) % 1.0
x = np.concatenate([frac * 16 - 8, frac[:40] * 700, np.array(
    [0.0, -0.0, 8.0, 7.999999999999999, 8.000000000000002, 1e-300, 700.0,
     709.0, 713.0, np.inf, -np.inf, np.nan])])
for dt in [np.float64, np.float32, np.float16]:
    r = np.i0(x.astype(dt))
    print(r.dtype, r.shape)
    v = r.tolist()
    for k in range(0, len(v), 4):
        print(v[k:k + 4])
print(np.i0(np.array([0, 1, 2, 3, -5])).tolist(), np.i0([True, False]).dtype)
# 0-d arrays give 0-d arrays (arrays, not Python scalars: on an NPU, i0 of
# a host scalar would run its sixty steps on the host).
print(repr(np.i0(np.array(0.5))), repr(np.i0(np.array(0.5, dtype=np.float32))),
      np.i0(np.array(2)).shape)
print(np.i0(np.arange(6.0).reshape(2, 3)))
np.i0(np.array([1 + 1j]))
