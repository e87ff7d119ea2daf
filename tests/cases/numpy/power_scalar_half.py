# NumPy's float32/float64 power loop takes one exponent of 0.5 for the
# whole loop (a scalar or a size-1 operand broadcast to it) as sqrt:
# np.power(-0.0, 0.5) is -0.0 and np.power(-inf, 0.5) nan, where pow (an
# array of exponents, float16) gives 0.0 and inf.
import numpy as np

a = np.array([-0.0, -np.inf, 4.0, 2.0, np.inf, -4.0, np.nan, 0.0, 1e-300])
for dt in [np.float64, np.float32, np.float16]:
    x = a.astype(dt)
    print(dt.__name__, np.power(x, 0.5).tolist())
    print(np.power(x, np.array(0.5)).tolist(), np.power(x, np.array([0.5])).tolist())
    print(np.power(x, np.full(9, 0.5, dtype=dt)).tolist())
    print(np.power(x, 0.5, out=np.empty(9, dtype=dt)).tolist())
print(np.power(a[:1], 0.5).tolist(), np.power(a[:1], np.array([0.5])).tolist())
print(np.power(a.reshape(3, 3), np.array([[0.5]])).tolist())
print(np.power(np.float64(-0.0), 0.5), np.power(-np.inf, 0.5))
print(np.power(a, 2.0).tolist(), np.power(a, -1.0).tolist(), np.power(a, 1.0).tolist(), np.power(a, 0.0).tolist())
