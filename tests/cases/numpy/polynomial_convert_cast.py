# convert and cast between the six classes, domains and windows.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

p = Polynomial([1, 2, 3, 4])
for cls in (Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    c = p.convert(kind=cls)
    print(cls.__name__, np.round(c.coef, 10), repr(c.domain))
    back = c.convert(kind=Polynomial)
    print(" ", np.round(back.coef, 10))
    print(" ", np.round(cls.cast(p).coef, 10))
c = Chebyshev([1, 2, 3], domain=[0, 2])
print(repr(c.convert()))
print(repr(c.convert(domain=[-1, 1])))
print(np.round(c.convert(kind=Polynomial, domain=[0, 2]).coef, 10))
print(repr(Polynomial.cast(c)))
print(repr(Chebyshev([1, 2], symbol="z").convert(kind=Legendre)))
