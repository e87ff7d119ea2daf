# poly2<basis> and <basis>2poly, and polyvalfromroots.
import numpy as np
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
import numpy.polynomial.legendre as L
import numpy.polynomial.hermite as H
import numpy.polynomial.hermite_e as HE
import numpy.polynomial.laguerre as LA

pol = [1, -2, 0.5, 4, 0, 3]
for m, p in ((C, "cheb"), (L, "leg"), (H, "herm"), (HE, "herme"), (LA, "lag")):
    c = getattr(m, "poly2" + p)(pol)
    print(p, c, getattr(m, p + "2poly")(c))
    print(" ", getattr(m, "poly2" + p)([3]), getattr(m, p + "2poly")([3]), getattr(m, p + "2poly")([1, 2]))
    print(" ", getattr(m, "poly2" + p)([1, 0, 0]), getattr(m, p + "2poly")([1j, 2]))
print(P.polyvalfromroots(2, [1, 3]), P.polyvalfromroots([0, 1, 2], [1, 2, 3]))
print(P.polyvalfromroots(np.array([[0, 1], [2, 3]]), [1, 2]))
print(P.polyvalfromroots(np.array([1, 2]), np.array([[1, 2], [3, 4]]), tensor=False))
print(P.polyvalfromroots(np.array([1, 2]), [[1, 2], [3, 4]]))
try:
    P.polyvalfromroots(np.array([1, 2]), [1, 2], tensor=False)
except ValueError as e:
    print("ValueError", e)
