# + - * between series of one class and with numbers, lists and arrays.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    a, b = cls([1, 2, 3]), cls([-1, 0.5])
    print(cls.__name__)
    print(" ", (a + b).coef, (a - b).coef, (b - a).coef, (a * b).coef)
    print(" ", (a + 2).coef, (2 + a).coef, (a - 1).coef, (1 - a).coef)
    print(" ", (a * 2).coef, (2 * a).coef, (a * [1, 1]).coef, ([1, 1] * a).coef)
    print(" ", (-a).coef, (+a).coef, (a + np.float64(1.5)).coef, (np.float64(2) * a).coef)
p = Polynomial([1, 2], domain=[0, 1], symbol="t")
q = p * p + p
print(repr(q))
print((Polynomial([1, 2, 3]) - Polynomial([1, 2, 3])).coef)
print((Chebyshev([1, 2]) * Chebyshev([3, 4, 5])).coef)
print((Polynomial([1, 1j]) * Polynomial([1, -1j])).coef)
a = Polynomial([1, 2])
a += 1
a *= 2
print(repr(a))
p = Polynomial([1, 2])
print(repr(np.array([1, 2]) + p), repr(np.float64(2) * p), repr(p + np.array([1, 2])))
print(isinstance(p, np.polynomial.polynomial.ABCPolyBase), np.polynomial.chebyshev.ABCPolyBase is np.polynomial.legendre.ABCPolyBase)
