# A masked array is an ndarray subclass as in NumPy: isinstance holds, and an
# array on the left of an operator gives the masked array's reflected method
# the first turn (the result is masked).
import numpy as np
m = np.ma.array([1, 2, 3], mask=[0, 1, 0])
a = np.array([10, 20, 30])
print(isinstance(m, np.ndarray), isinstance(np.ma.masked, np.ndarray), isinstance(m, np.ma.MaskedArray))
print(repr(a + m))
print(repr(a * m))
print(repr(a - m))
print(repr(a / m))
print(repr(a == m))
print(repr(a < m))
print(repr(np.float64(2.0) * m))
