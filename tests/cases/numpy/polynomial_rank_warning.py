# A rank-deficient fit warns with NumPy's RankWarning (not with full=True).
import warnings
import numpy as np
import numpy.polynomial.polynomial as P
from numpy.polynomial import Chebyshev

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    c = P.polyfit([1, 1, 2], [1, 2, 3], 2)
    f = Chebyshev.fit([0, 0, 1], [1, 2, 3], 2)
    c2, (resid, rank, sv, rcond) = P.polyfit([1, 1, 2], [1, 2, 3], 2, full=True)
print(c.shape, f.coef.shape, rank)
for w in caught:
    print(w.category.__name__, w.message)
with warnings.catch_warnings():
    warnings.simplefilter("error", np.exceptions.RankWarning)
    try:
        P.polyfit([1, 1, 2], [1, 2, 3], 2)
    except np.exceptions.RankWarning as e:
        print("RankWarning", e)
