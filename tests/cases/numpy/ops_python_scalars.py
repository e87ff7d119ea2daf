import numpy as np
a = np.array([1, 2, 3])
print(repr(a + 1), repr(a * 2.5), repr(a - 1j))
print(repr(1 + a), repr(10 / a), repr(2 ** a))
print(repr(a // 2), repr(-a), repr(+a))
