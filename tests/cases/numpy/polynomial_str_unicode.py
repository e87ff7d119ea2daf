# str() of every series class: unicode superscripts and subscripts, the
# scaled variable of a mapped domain, signs, exponent forms and wrapping.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    print(cls([1, -2, 3.5]))
print(Polynomial([1, 2, 3], domain=[0, 1]))
print(Polynomial([1, 2, 3], domain=[-2, 2]))
print(Polynomial([1, 2], domain=[-1, 3]))
print(Chebyshev([1, 2], domain=[1, 3]))
print(Polynomial([0, 0, 1]))
print(Polynomial([-1, -0.5, 1e-5, 1.5e10]))
print(Polynomial([1.0 / 3, 2.0 / 3]))
print(Polynomial(np.arange(25.0)))
print(Polynomial(np.arange(12) * 1.0e5))
print(Polynomial([np.nan, np.inf, -np.inf]))
print(Polynomial([1, 2], symbol="t"))
print(Polynomial(list(range(1, 13))))
