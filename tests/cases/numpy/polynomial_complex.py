# Complex coefficients through the classes and the functions.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev
import numpy.polynomial.polynomial as P

p = Polynomial([1, 2j, 3])
print(repr(p))
print(p)
print(p(1), p([0, 1j]))
print((p * p).coef, (p + 1).coef, p.deriv().coef, p.integ().coef)
print(P.polyroots([1, 0, 1]), P.polyfromroots([1j, -1j]))
print(Chebyshev([1j, 2]).convert(kind=Polynomial).coef)
print(P.polyval(1 + 1j, [1, 2, 3]), P.polymul([1j], [1, 1]))
print(divmod(Polynomial([1j, 2, 1]), Polynomial([1, 1])))
