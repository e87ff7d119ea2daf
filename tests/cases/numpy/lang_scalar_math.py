# NumPy scalars with NumPy scalars and Python numbers: NumPy 2's promotion and scalar results.
import numpy as np
x, y = np.float32(1.5), np.float64(2.25)
print(repr(x + y), repr(x * 2), repr(x + 2.5), repr(2 ** x), repr(y - 1), repr(np.int8(7) + 1))
print(repr(np.int8(100) + np.int8(100)), repr(np.uint8(250) + np.uint8(10)), repr(np.int16(3) * np.int32(4)), repr(np.int64(7) // 2))
print(repr(np.int64(-7) % 3), repr(np.float64(-7.5) % 2), repr(np.int32(7) / 2), repr(np.float16(1) / 3), repr(np.uint64(3) + 1))
print(repr(np.float32(0.1) + np.float32(0.2)), repr(np.float64(0.1) + 0.2), repr(np.complex64(1 + 2j) * 2), repr(np.complex128(1 + 2j) * (3 - 1j)))
print(repr(x < y), repr(np.int8(5) == 5.0), repr(np.uint8(5) < 300), repr(np.int64(3) >= np.float32(3)), repr(np.bool_(True) + np.bool_(True)))
print(repr(True + np.float32(1)), repr(np.float64(3) ** 2), repr(np.int8(2) ** 3), repr(-np.float32(2)), repr(abs(np.int8(-5))))
total = np.float32(0)
for v in [0.1] * 10:
    total = total + np.float32(v)
print(repr(total), repr(sum(np.arange(5, dtype=np.int8))), repr(sum([np.float32(0.5)] * 3)))
