# <basis>der and <basis>int on 2-d and 3-d coefficient arrays along an axis.
import numpy as np
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
import numpy.polynomial.legendre as L
import numpy.polynomial.hermite as H
import numpy.polynomial.hermite_e as HE
import numpy.polynomial.laguerre as LA

c = np.arange(12.0).reshape(3, 4) - 4
for m, p in ((P, "poly"), (C, "cheb"), (L, "leg"), (H, "herm"), (HE, "herme"), (LA, "lag")):
    der, integ = getattr(m, p + "der"), getattr(m, p + "int")
    print(p)
    print(der(c), der(c, axis=1), der(c, 2, scl=0.5, axis=-1))
    print(integ(c), integ(c, 2, k=[1, 2], lbnd=1, axis=1))
    print(der(c, 3).shape, der(c, 5, axis=1).shape, integ(np.zeros((1, 3)), k=2))
c3 = np.arange(24).reshape(2, 3, 4)
print(P.polyder(c3, axis=1).shape, P.polyint(c3, axis=2).shape, C.chebint(c3, axis=0)[1])
print(P.polyint(np.array([[1, 0], [0, 0]]), k=3, axis=0))
print(P.polyval([1, 2], c), C.chebval(2, c))
try:
    P.polyder(c, axis=2)
except Exception as e:
    print(type(e).__name__, e)
try:
    P.polyint(c, axis=-3)
except Exception as e:
    print(type(e).__name__, e)
