# xpush: skip-device=npu
# Bitwise and shift operators of masked arrays (ndarray's, through the
# masked ufuncs): masks OR'ed, ~ keeps the mask, both operand orders.
import numpy as np
a = np.ma.array([True, False, True], mask=[0, 1, 0])
b = np.ma.array([False, False, True], mask=[0, 0, 1])
print(a | b)
print(repr(a & b))
print(a ^ b)
print(~a)
print(a | True, True | a)
i = np.ma.array([6, 3, 12], mask=[0, 1, 0])
print(i & 5, 5 & i, i | i, i ^ 3, i << 1, 1 << i, i >> 1, ~i)
print(repr(i & np.array([1, 2, 4])))
print((i | 1).fill_value, (a | b).mask)
x = np.ma.masked_greater(np.arange(5), 2)
print((x % 2 == 0) | (x == 1))
