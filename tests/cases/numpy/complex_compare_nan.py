# Complex comparisons are lexicographic as NumPy's CLT/CLE/CGT/CGE: a NaN
# imaginary part on either side makes the real parts' order count for
# nothing.
import numpy as np

a = np.array([complex(-2.5, np.nan), complex(2.0, 1.5), complex(np.nan, 0.0), complex(1.0, 2.0)])
b = np.array([complex(0.0, 0.0), complex(2.0, np.nan), complex(1.0, 0.0), complex(1.0, 3.0)])
for name, f in [("<", np.less), ("<=", np.less_equal), (">", np.greater), (">=", np.greater_equal)]:
    print(name, f(a, b), f(b, a), f(a, np.inf))
print(a > 0, a < 1)
print(np.maximum(a, b), np.minimum(a, b))
# NumPy scalars compare by scalarmath's plain lexicographic order (no NaN
# rule) when the other operand is a Python number or casts safely.
x = np.complex64(complex(1.5, np.nan))
print(x <= 2, x < 2, x > 1, x >= 1, x < np.complex64(2), x > np.float16(0.5), np.complex64(2) > x)
print(x <= np.float64(2), np.less(x, 2), np.array(x) <= 2, np.complex128(complex(np.nan, 1)) < 3)
