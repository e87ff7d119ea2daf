# The smaller methods: linspace, degree, cutdeg, trim, truncate, copy,
# basis, identity, fromroots, mapparms, has_same*, len, iter, == and !=.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

p = Polynomial([1, 2, 3, 0, 1e-10], domain=[0, 2])
x, y = p.linspace(5)
print(x, y)
print(p.linspace(3, domain=[0, 1]))
print(p.degree(), p.cutdeg(1).coef, p.trim().coef, p.trim(1e-5).coef, p.truncate(2).coef)
c = p.copy()
print(c == p, c is p, c.coef is p.coef)
print(p.mapparms(), Chebyshev([1], domain=[1, 3], window=[0, 1]).mapparms())
for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    print(cls.__name__, cls.basis(3).coef, cls.identity().coef, np.round(cls.fromroots([1, 2]).coef, 10))
print(repr(Chebyshev.basis(2, domain=[0, 1], symbol="u")))
print(repr(Polynomial.identity([0, 4])))
print(repr(Polynomial.fromroots([1, 3], domain=[0, 4])))
print(repr(Polynomial.fromroots([1, 3], domain=None)))
q = Polynomial([1, 2])
print(q.has_samecoef(Polynomial([1, 2])), q.has_samecoef(Polynomial([1, 2, 0])), q.has_samedomain(Polynomial([1], domain=[0, 1])))
print(q.has_samewindow(Polynomial([5])), q.has_sametype(Chebyshev([1])), q.has_sametype(Polynomial([3])))
print(q == Polynomial([1, 2]), q == Polynomial([1, 2], domain=[0, 1]), q == Polynomial([1, 3]), q == Polynomial([1, 2, 0]))
print(q == Chebyshev([1, 2]), q == Polynomial([1, 2], symbol="y"), q != Polynomial([1, 3]), q == 3)
print(len(Polynomial([1, 2, 3, 0])), [float(v) for v in Polynomial([1, 2])])
for bad in ((lambda: p.truncate(0)), (lambda: p.truncate(1.5)), (lambda: Polynomial.basis(-1)), (lambda: Polynomial.basis(1.5))):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
try:
    hash(q)
except TypeError as e:
    print("TypeError", e)
