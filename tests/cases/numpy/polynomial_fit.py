# The classes' fit: degrees as an int or a list, domain, window, full=.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

x = np.linspace(0, 4, 9)
y = 1 + 2 * x - 0.5 * x**2 + 0.1 * np.sin(3 * x)
for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    f = cls.fit(x, y, 2)
    print(cls.__name__, f.domain, f.window, np.round(f.coef, 8))
    print(" ", np.round(f.convert().coef, 8))
f = Polynomial.fit(x, y, [0, 2])
print(np.round(f.coef, 8), f.domain)
f = Polynomial.fit(x, y, 3, domain=[-1, 5], window=[0, 1], symbol="t")
print(repr(f.domain), repr(f.window), f.symbol, np.round(f.coef, 8))
f = Polynomial.fit(x, y, 1, domain=[])
print(np.round(f.coef, 8), f.domain)
f, (resid, rank, sv, rcond) = Chebyshev.fit(x, y, 2, full=True)
print(np.round(resid, 10), rank, np.round(sv, 8), rcond)
f = Polynomial.fit([2, 2, 2], [1, 2, 3], 0)
print(f.domain, np.round(f.coef, 8))
f = Polynomial.fit(x, y, 2, w=np.linspace(1, 2, 9))
print(np.round(f.coef, 8))
