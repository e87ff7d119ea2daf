# Empty, 0-d and non-numeric coefficients: the errors NumPy raises.
import numpy as np
from numpy.polynomial import Polynomial
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
cases = [
    lambda: P.polyval(2, []),
    lambda: P.polyder(np.zeros((0, 3))),
    lambda: P.polyint(np.zeros((0, 3))),
    lambda: C.chebval([1, 2], np.zeros((0,))),
    lambda: P.polyder(np.zeros((0, 3)), 2).shape,
    lambda: P.polyder(5.0),
    lambda: P.polyint(5),
    lambda: P.polyval(3, 5),
    lambda: P.polyvander([], 2),
    lambda: P.polyfit([1.0], [2.0], 0),
    lambda: P.polyroots([0, 0]),
    lambda: P.polyadd([1, 2], "ab"),
    lambda: Polynomial([1, 2]) + "ab",
    lambda: Polynomial([[1]]),
    lambda: P.polyline([1], 2),
]
p = Polynomial([1, 2])
p.coef = np.array([])
cases += [lambda: str(p), lambda: len(p)]
for f in cases:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
