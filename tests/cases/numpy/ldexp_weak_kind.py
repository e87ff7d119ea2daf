# np.ldexp resolves a Python scalar operand as NumPy's legacy type resolver
# does: one of a higher kind than every array operand (an int with a bool
# base, a float with an integer exponent) is taken at its default dtype,
# so a bool base with a Python int exponent takes the int64 exponent loop
# (2**40 is in range; beyond int64 is the C long OverflowError), while
# other bases take the int32 loop and reject 2**40.
import numpy as np

b = np.array([True, False])
with np.errstate(over="ignore"):
    for e in (3, -2, 2**31, -2**31 - 1, 2**40, 2**62):
        print(e, repr(np.ldexp(b, e)), repr(np.ldexp(np.array(True), e)), repr(np.ldexp(np.True_, e)))
for e in (2**63, -2**63 - 1, 2**64):
    try:
        np.ldexp(b, e)
    except OverflowError as x:
        print("OverflowError:", x)
for base in (np.array([1, 0], np.int8), np.array([1.5], np.float16), np.array([1.5])):
    try:
        np.ldexp(base, 2**40)
    except OverflowError as x:
        print("OverflowError:", x)
print(repr(np.ldexp(1.5, np.array([2], np.int8))), repr(np.ldexp(1.5, np.array([2], np.bool_))))
print(repr(np.ldexp(2.0, np.array([2, 3], np.int64))), repr(np.ldexp(np.float16(1.5), np.array([3]))))
print(repr(np.ldexp(np.array([1.5], np.float32), 3)), repr(np.ldexp(np.array([1.5], np.float16), np.int8(3))))
