# <basis>fit: weights, full output, lists of degrees, several columns of y.
import numpy as np
import numpy.polynomial.polynomial as P
import numpy.polynomial.chebyshev as C
import numpy.polynomial.laguerre as LA

x = np.linspace(-1, 1, 11)
y = x**3 - 0.5 * x + 0.25 + 0.01 * np.cos(7 * x)
print(np.round(P.polyfit(x, y, 3), 8))
print(np.round(P.polyfit(x, y, [1, 3]), 8))
print(np.round(C.chebfit(x, y, 3, w=np.linspace(1, 3, 11)), 8))
c, (resid, rank, sv, rcond) = P.polyfit(x, y, 2, full=True)
print(np.round(c, 8), np.round(resid, 10), rank, np.round(sv, 8), rcond)
yy = np.stack([y, 2 * y + 1], axis=1)
print(np.round(P.polyfit(x, yy, 3), 8))
print(np.round(LA.lagfit(x + 1, y, [0, 1, 2]), 8))
print(np.round(C.chebfit(x, y, 2, rcond=1e-3), 8))
for args in (([1, 2], [1, 2], -1), ([1, 2], [1, 2], 1.5), ([[1, 2]], [1, 2], 1), ([1, 2], [1, 2, 3], 1), ([], [], 1), ([1, 2], [1, 2], [])):
    try:
        P.polyfit(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    P.polyfit([1, 2], [1, 2], 1, w=[1, 2, 3])
except TypeError as e:
    print("TypeError", e)
