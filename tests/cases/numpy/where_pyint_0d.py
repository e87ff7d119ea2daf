# np.where returns an array, 0-d too, and converts a Python int operand to
# the result dtype by a C cast (only beyond int64/uint64 is it too large).
import numpy as np

a = np.array(3, dtype=np.uint64)
r = np.where(a > 0, a, complex(1, -2))
print(type(r).__name__, r.shape, repr(r))
print(repr(np.where(True, 1, 2)), repr(np.where(np.bool_(False), np.float32(1), 2.5)))
u = np.array([127, 1000, 0, 3], dtype=np.uint16)
print(repr(np.where(u > 0, u, -2**63)))
print(repr(np.where(np.array([False]), np.array([1], np.uint8), 300)))
print(repr(np.where(np.array([True, False]), -1, np.array([5, 6], np.uint8))))
try:
    np.where(np.array([False]), np.array([1], np.uint8), 2**70)
except OverflowError as e:
    print("OverflowError:", e)
