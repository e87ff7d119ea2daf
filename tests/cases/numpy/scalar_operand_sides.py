# A scalar on either side of a binary op, against contiguous, transposed,
# strided, reversed, 0-d and empty arrays of several dtypes: the scalar's
# side matters for the non-commutative ops. (scalar_operand_order.py checks
# the result's memory order.)
import numpy as np

m = np.arange(12, dtype=np.float64).reshape(3, 4) - 5.5
views = [m, m.T, m[:, ::2], m[::-1, 1:], m[1], np.float64(2.5), m[:0]]
for v in views:
    print(2.0 - v, v - 2.0)
    print(3 / v, v / 3)
    print(7.5 // v, v // 7.5, 7.5 % v, v % 7.5)
    print(2.0 ** v, v ** 2.0)
    print(np.arctan2(1.0, v), np.arctan2(v, 1.0))
    print(1.0 < v, v < 1.0, 0.5 >= v)

for dt in [np.int8, np.uint8, np.int32, np.int64, np.uint64, np.float16, np.float32]:
    a = np.arange(1, 7, dtype=dt).reshape(2, 3)
    print(dt.__name__, 100 - a, a - 1, 9 // a, a % 4, 2 * a.T, a.T + 1.5)
    print(3 ** a, a ** 2, 200 > a, a == 3)
i = np.arange(-3, 4, dtype=np.int16)
print(1 << i[3:], i[3:] << 2, -16 >> i[3:], i >> 1, 5 & i, i | 8, 6 ^ i)
print(np.gcd(12, i), np.lcm(i, 4), np.maximum(i, 0), np.minimum(1, i))
c = np.array([1 + 2j, -3j, 0.5], dtype=np.complex64)
print(2 - c, c / 2j, 1j * c, c ** 2, c ** 3)
b = np.array([True, False, True])
print(b + True, True * b, b & False, True ^ b, b < True, b == False)
f = np.array([0.1, 0.2, 0.3], dtype=np.float32)
print(f * np.float32(3), np.float32(3) - f, f + np.float64(1), (f + np.float64(1)).dtype)
print(f * 1e30, (np.float16(2) * np.arange(3, dtype=np.float16)).dtype)
x = np.ones(10)
for k in range(50):
    x = x * 1.0001 + 0.5
print(x)
print(np.int8(100) + np.arange(3, dtype=np.int8) * 20)
