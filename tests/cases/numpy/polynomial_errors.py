# The errors of construction and of the operators, caught.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Hermite

cases = [
    lambda: Polynomial([]),
    lambda: Polynomial([[1, 2], [3, 4]]),
    lambda: Polynomial([1, 2], domain=[0, 1, 2]),
    lambda: Polynomial([1, 2], window=[0]),
    lambda: Polynomial([1, 2], symbol="1x"),
    lambda: Polynomial([1, 2], symbol=3),
    lambda: Polynomial([1, 2]) + Hermite([1]),
    lambda: Polynomial([1, 2]) + Polynomial([1], window=[0, 1]),
    lambda: Polynomial([1, 2]) * Polynomial([1], symbol="t"),
    lambda: Polynomial([1, 2]) + "a",
    lambda: Polynomial([1, 2]) / [1, 2],
    lambda: Polynomial([1, 2]) / True,
    lambda: 2 / Polynomial([1, 2]),
    lambda: divmod(Polynomial([1, 2]), Polynomial([0])),
    lambda: Polynomial([1, 2]) ** -2,
    lambda: Chebyshev([1, 2]).fit([1, 2, 3], [1, 2], 1),
    lambda: np.add(Polynomial([1, 2]), 1),
    lambda: np.sin(Chebyshev([1])),
]
for f in cases:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
