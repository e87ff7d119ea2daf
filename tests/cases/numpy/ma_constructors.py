# np.ma: masked_where and the masked_* constructors, getmask/getdata and friends.
import numpy as np
import numpy.ma as ma

x = np.array([1, 2, 3, 4, 5])
print(repr(ma.masked_where(x > 3, x)))
print(repr(ma.masked_equal(x, 2)))
print(repr(ma.masked_not_equal(x, 2)))
print(repr(ma.masked_greater(x, 3)))
print(repr(ma.masked_greater_equal(x, 3)))
print(repr(ma.masked_less(x, 3)))
print(repr(ma.masked_less_equal(x, 3)))
print(repr(ma.masked_inside(x, 4, 2)))
print(repr(ma.masked_outside(x, 2, 4)))
f = np.array([1.0, np.nan, 3.0, np.inf])
print(repr(ma.masked_invalid(f)))
print(repr(ma.masked_invalid(f).sum()))
m = ma.masked_where([True, False, False, False, False], x)
print(repr(ma.masked_where(x == 5, m)))
print(repr(ma.getmask(m)), repr(ma.getmask(x)))
print(repr(ma.getmaskarray(m)), repr(ma.getmaskarray([1, 2])))
print(repr(ma.getdata(m)), repr(ma.getdata([1, 2])))
print(ma.is_masked(m), ma.is_masked(x), ma.is_masked(ma.array([1, 2])))
print(ma.isMaskedArray(m), ma.isMA(x), ma.isarray(m))
print(repr(ma.filled(m, -1)), repr(ma.filled(m)), repr(ma.filled([1, 2])))
try:
    ma.masked_where([True, False], x)
except IndexError as e:
    print("IndexError:", e)
try:
    ma.array([1, 2, 3], mask=[0, 1])
except Exception as e:
    print(type(e).__name__, e)
print(repr(ma.masked_equal([1.0, 2.0, 1.0], 1.0)))
