# roots() of every class and the modules' <basis>roots (companion-matrix
# eigenvalues, sorted).
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre
import numpy.polynomial.polynomial as P

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    print(cls.__name__, cls([-6, 1, 1]).roots(), cls([7, -4, -2, 1]).roots(), cls([1, 2]).roots(), cls([5]).roots())
print(Polynomial([1, 0, 1]).roots())
print(Polynomial.fromroots([1, 2, 3]).roots())
print(Polynomial([-1, 0, 1], domain=[0, 4]).roots())
print(P.polyroots([1, 2, 3, 4, 5]))
print(np.polynomial.chebyshev.chebroots([1, 2, 3, 4, 5]))
print(np.polynomial.legendre.legroots([1, 2, 3, 4, 5]))
print(np.polynomial.hermite.hermroots([1, 2, 3, 4, 5]))
print(np.polynomial.hermite_e.hermeroots([1, 2, 3, 4, 5]))
print(np.polynomial.laguerre.lagroots([1, 2, 3, 4, 5]))
print(P.polyroots([0, 0, 1]), P.polyroots([3]).dtype)
