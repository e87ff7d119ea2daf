# ** on the series classes and <basis>pow, with their limits.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre
import numpy.polynomial.chebyshev as C
import numpy.polynomial.polynomial as P

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    b = cls([1, 2])
    print(cls.__name__, (b ** 0).coef, (b ** 1).coef, (b ** 3).coef, (b ** 2.0).coef)
print(P.polypow([1, 1], 5), C.chebpow([1, 1], 4), np.polynomial.legendre.legpow([0, 1], 3))
print(P.polypow([1, 1], 20, maxpower=30)[:4])
for bad in (-1, 1.5):
    try:
        Polynomial([1, 2]) ** bad
    except ValueError as e:
        print("ValueError", e)
try:
    Polynomial([1, 2]) ** 101
except ValueError as e:
    print("ValueError", e)
try:
    C.chebpow([1, 2], 17)
except ValueError as e:
    print("ValueError", e)
try:
    P.polypow([1, 2], 3, maxpower=2)
except ValueError as e:
    print("ValueError", e)
