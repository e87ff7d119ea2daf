# numpy.polynomial: the import forms, construction and the attributes.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
from numpy.polynomial import polynomial as PP

p = Polynomial([1, 2, 3])
print(repr(p))
print(p.coef, p.domain, p.window, p.symbol)
print(p.coef.dtype, type(p).__name__)
print(P.Polynomial is Polynomial, np.polynomial.Polynomial is Polynomial, PP.Polynomial is Polynomial)
print(C.Chebyshev is Chebyshev, np.polynomial.chebyshev.Chebyshev is Chebyshev)
print(repr(Polynomial([1.5, -2], domain=[0, 2], window=[-1, 1], symbol="t")))
print(repr(Laguerre([1, 2])))
for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    print(cls.__name__, cls.domain, cls.window, cls.basis_name, cls.maxpower)
print(repr(Chebyshev(3)))
print(repr(Polynomial([1, 2, 0, 0])))
print(repr(Polynomial(np.array([1.0, 2.0]))))
print(repr(Hermite((1, 2, 3), symbol="z")))
print(isinstance(p, Polynomial), isinstance(p, Chebyshev))
print(P.polydomain, P.polyzero, P.polyone, P.polyx)
print(C.chebdomain, np.polynomial.laguerre.lagdomain, np.polynomial.hermite_e.hermex)
print(len(p), list(p), p.degree())
names = ["Chebyshev", "Hermite", "HermiteE", "Laguerre", "Legendre", "Polynomial", "chebyshev", "hermite", "hermite_e", "laguerre", "legendre", "polynomial", "polyutils", "set_default_printstyle"]
print([hasattr(np.polynomial, n) for n in names])
