# The 2-d and 3-d evaluations and pseudo-Vandermonde matrices.
import numpy as np
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
import numpy.polynomial.legendre as L
import numpy.polynomial.hermite as H
import numpy.polynomial.hermite_e as HE
import numpy.polynomial.laguerre as LA

c2 = np.arange(6.0).reshape(2, 3)
c3 = np.arange(8.0).reshape(2, 2, 2)
x, y, z = [0.5, 1, 2], [1, -1, 0.25], [2, 0, 1]
for m, p in ((P, "poly"), (C, "cheb"), (L, "leg"), (H, "herm"), (HE, "herme"), (LA, "lag")):
    print(p)
    print(getattr(m, p + "val2d")(x, y, c2), getattr(m, p + "val3d")(x, y, z, c3))
    print(getattr(m, p + "grid2d")(x, y[:2], c2))
    print(getattr(m, p + "grid3d")(x[:2], y[:1], z, c3).shape, getattr(m, p + "grid3d")(1, 2, 3, c3))
    print(getattr(m, p + "vander2d")(x, y, [1, 2]))
    print(getattr(m, p + "vander3d")(x, y, z, [1, 1, 1]).shape)
try:
    P.polyval2d([1, 2], [1, 2, 3], c2)
except ValueError as e:
    print("ValueError", e)
try:
    P.polyval3d([1, 2], [1, 2], [1], c3)
except ValueError as e:
    print("ValueError", e)
try:
    P.polyvander2d([1, 2], [1, 2], [1])
except ValueError as e:
    print("ValueError", e)
