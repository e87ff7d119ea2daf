# np.sinc is Python in NumPy (y = pi * x; sin(y) / y with eps for 0), so its
# dtype and rounding follow those steps: integer and bool input gives
# float64, float16 multiplies by pi rounded to float16, float32 uses NumPy's
# own float32 sine. np.angle of bool is float64. Values printed exactly.
import numpy as np

x = np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -3.75, 7.0, 100.0, 1e-3,
              0.3, 0.7, 0.999, 1.0001, 20.0, 1e-8, 3.0, 1e10, np.inf, np.nan])
for dt in [np.float16, np.float32, np.float64]:
    r = np.sinc(x.astype(dt))
    print(r.dtype, r.tolist())
for dt in [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64]:
    a = np.array([0, 1, 2, 3, 5, 7, 100, 127]).astype(dt)
    r = np.sinc(a)
    print(dt.__name__, r.dtype, r.tolist())
z = np.array([0j, 0.5 + 0.25j, -1.5 + 2j, 3j, 1e-9 - 1e-9j, 2.0 + 0j])
print(np.sinc(z).tolist())
print(np.sinc(z.astype(np.complex64)).tolist())
b = np.array([True, False])
print(np.angle(b).dtype, np.angle(b).tolist(), np.angle(np.array([1, -2], dtype=np.int8)).dtype)
print(np.angle(np.array([-1.0, 0.0, -0.0, 2.0])).tolist(), np.angle(1 + 1j, deg=True))
print(repr(np.sinc(0.5)), repr(np.sinc(np.float32(0.25))), np.sinc(3).dtype)
