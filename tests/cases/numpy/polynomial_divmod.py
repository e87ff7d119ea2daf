# //, % and divmod between series and with numbers; / by numbers.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    a, b = cls([1, 2, 3, 4]), cls([1, -1, 2])
    q, r = divmod(a, b)
    print(cls.__name__, q.coef, r.coef, (a // b).coef, (a % b).coef)
    print(" ", (a / 2).coef, (a // 2).coef, (a % 2).coef)
    print(" ", (q * b + r).coef)
print(divmod([1, 2, 1], Polynomial([1, 1])))
print(([1, 2, 3] // Polynomial([1, 1])).coef, ([1, 2, 3] % Polynomial([1, 1])).coef)
print(divmod(Polynomial([1, 2]), Polynomial([1, 2, 3])))
print((Polynomial([2, 4]) / np.float64(4)).coef, (Polynomial([2, 4]) / 2j).coef)
