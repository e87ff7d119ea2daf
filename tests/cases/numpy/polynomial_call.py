# Calling a series: numbers, lists, arrays of any shape, with the domain
# mapped onto the window.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

x = np.linspace(-1, 1, 5)
for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    s = cls([1, -2, 0.5, 3])
    print(cls.__name__, repr(s(0.5)), s(x), s([0, 1]))
p = Polynomial([1, 2, 3], domain=[0, 10])
print(repr(p(5)), p(np.array([[0, 10], [2.5, 7.5]])))
print(repr(Chebyshev([1, 2, 3])(2)), repr(Chebyshev([1, 2, 3])(1j)))
print(repr(Polynomial([1, 2])(np.float32(2))))
print(Laguerre([1, 2, 3], domain=[0, 2])(np.arange(3)))
print(Polynomial([5])(np.arange(3)))
q = Polynomial([1, 2])(Polynomial([0, 1, 1]))
print(repr(q))
