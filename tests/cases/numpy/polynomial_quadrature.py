# Gauss quadrature, weight functions and Chebyshev points of the bases.
import numpy as np
import numpy.polynomial.chebyshev as C
import numpy.polynomial.legendre as L
import numpy.polynomial.hermite as H
import numpy.polynomial.hermite_e as HE
import numpy.polynomial.laguerre as LA

for m, p in ((C, "cheb"), (L, "leg"), (H, "herm"), (HE, "herme"), (LA, "lag")):
    for deg in (1, 2, 5):
        x, w = getattr(m, p + "gauss")(deg)
        print(p, deg, x, w)
    print(getattr(m, p + "weight")(np.array([0.0, 0.3, 0.9])))
x, w = L.leggauss(8)
print(np.round(np.sum(w * x**6), 12), 2 / 7)
x, w = H.hermgauss(6)
print(np.round(np.sum(w * x**4), 12))
print(C.chebpts1(1), C.chebpts1(4), C.chebpts2(2), C.chebpts2(5))
for bad in ((lambda: L.leggauss(0)), (lambda: C.chebpts1(0)), (lambda: C.chebpts2(1)), (lambda: C.chebpts1(2.5))):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
for bad in ((lambda: H.hermgauss(1.5)),):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
