# gcd and lcm resolve by the inputs' common dtype (bool with int32 is
# int32; bool alone has no loop); ldexp with a Python int exponent takes
# the integer loop of its base (no (float16, float16) loop exists).
import numpy as np

print(repr(np.lcm(np.array([-3, 0, 0, 100], dtype=np.int32), False)))
print(repr(np.gcd(np.array([True]), np.array([3], np.int32))), repr(np.gcd(True, 3)))
print(repr(np.gcd(np.int8(6), np.uint8(4))))
try:
    np.gcd(np.array([True]), np.array([True]))
except TypeError as e:
    print("TypeError:", e)
with np.errstate(over="ignore"):
    print(repr(np.ldexp(np.array([65504.0, 1.5], dtype=np.float16), 300)))
print(repr(np.ldexp(np.array([1.5], dtype=np.float16), 3)), repr(np.ldexp(np.array([1.5], dtype=np.float32), 3)))
print(repr(np.ldexp(np.float32(1.5), 2)), repr(np.ldexp(1.5, 2)))
try:
    np.ldexp(np.array([1.5]), 2**40)
except OverflowError as e:
    print("OverflowError:", e)
# lcm wraps into the dtype as NumPy's npy_lcm does (|a| / gcd * |b|).
print(repr(np.lcm(np.array([127, 1, -128], dtype=np.int8), 2)), repr(np.lcm(np.int16(300), np.int16(200))))
# Logical ufuncs read a Python int for its truth (beyond int64/uint64: too large).
print(repr(np.logical_or(np.array([0, 1], dtype=np.int8), 255)), repr(np.logical_and(np.array(1, dtype=np.uint8), -1)))
try:
    np.logical_or(np.array([1.5]), 2**70)
except OverflowError as e:
    print("OverflowError:", e)
