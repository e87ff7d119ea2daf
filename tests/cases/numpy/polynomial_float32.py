# float32 and complex64 coefficients keep their type (NumPy's common_type);
# integers become float64.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev
import numpy.polynomial.polynomial as P
import numpy.polynomial.legendre as L
from numpy.polynomial import polyutils as pu

c32 = np.array([1, 2, 3], dtype=np.float32)
p = Polynomial(c32)
print(repr(p))
print((p + p).coef.dtype, (p * 2).coef.dtype, (p + Polynomial([1, 2])).coef.dtype, (-p).coef.dtype)
print(repr((p * p).coef), repr(divmod(p, Polynomial(np.array([1, 1], dtype=np.float32)))[0].coef))
print(P.polyadd(c32, c32), P.polyadd(c32, [1, 2]).dtype, P.polymul(c32, c32).dtype, L.legmulx(c32).dtype)
print(P.polyder(c32).dtype, P.polyint(c32).dtype, P.polypow(c32, 2).dtype, P.polyfromroots(c32).dtype)
print(P.polycompanion(c32).dtype, P.polytrim(np.array([1, 0], dtype=np.float32)).dtype)
print(P.polyval(np.float32(2), c32), type(P.polyval(np.float32(2), c32)).__name__)
print(pu.as_series([c32, [1, 2]])[0].dtype, pu.as_series([c32])[0].dtype, pu.getdomain(c32).dtype)
print(Polynomial(np.array([1, 2], dtype=np.complex64)).coef.dtype, Polynomial(np.array([1, 2], dtype=np.float16)).coef.dtype)
print(repr(Chebyshev(c32, domain=np.array([0, 1], dtype=np.float32))))
print(repr(p.deriv().coef), repr(p.integ().coef))
