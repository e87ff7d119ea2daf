# The ascii print style: set_default_printstyle and format().
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Laguerre, HermiteE

p = Polynomial([1, 2, 3])
print(format(p, "ascii"))
print(format(p, "unicode"))
print(format(p, ""))
print(f"{Chebyshev([1, 2, 3]):ascii}")
np.polynomial.set_default_printstyle("ascii")
print(p)
print(Chebyshev([1, -2, 3], domain=[0, 4]))
print(Laguerre([0.5, 1.5]))
print(HermiteE(np.arange(15.0)))
print(Polynomial(np.arange(20.0)))
np.polynomial.set_default_printstyle("unicode")
print(p)
try:
    np.polynomial.set_default_printstyle("latex")
except ValueError as e:
    print("ValueError", e)
try:
    format(p, "xyz")
except ValueError as e:
    print("ValueError", e)
q = Polynomial([1, 2, 3])
print(f"{q}", "{}".format(q), "%s" % q, "{:ascii}".format(q), "{!r}".format(Polynomial([1])))
