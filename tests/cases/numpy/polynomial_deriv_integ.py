# deriv and integ of the classes (orders, constants, lower bounds, mapped
# domains) and the modules' <basis>der / <basis>int.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre
import numpy.polynomial.polynomial as P

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    s = cls([1, 2, 3, 4])
    print(cls.__name__, s.deriv().coef, s.deriv(2).coef, s.deriv(5).coef, s.deriv(0).coef)
    print(" ", s.integ().coef, s.integ(2, k=[1, 2]).coef, s.integ(lbnd=1).coef)
    print(" ", s.integ(k=3, lbnd=-1).coef, s.integ(3).coef)
p = Polynomial([1, 2, 3], domain=[0, 4])
print(p.deriv().coef, p.integ().coef, p.integ(lbnd=2).coef)
print(Polynomial([0]).integ(k=5).coef)
print(P.polyder([1, 2, 3, 4], 2, scl=3), P.polyint([1, 2, 3], 2, k=[1, 2], lbnd=1, scl=2))
print(np.polynomial.chebyshev.chebder([1, 2, 3, 4], scl=0.5), np.polynomial.chebyshev.chebint([1, 2, 3], k=1, lbnd=0.5))
print(np.polynomial.legendre.legint([1, 2, 3], 3), np.polynomial.hermite.hermint([1j, 2]))
print(P.polyder([1, 2, 3], 0).dtype, P.polyint([True, False]))
for bad in ((lambda: P.polyder([1, 2], -1)), (lambda: P.polyint([1, 2], -1)), (lambda: P.polyint([1], 1, k=[1, 2])), (lambda: P.polyint([1], lbnd=[1, 2])), (lambda: P.polyint([1], scl=[1, 2]))):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
for bad in ((lambda: P.polyder([1, 2], 1.5)), (lambda: P.polyint([1, 2], 1.0))):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
