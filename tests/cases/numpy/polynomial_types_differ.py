# Mixing two series classes raises NumPy's TypeError.
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev

p = Polynomial([1, 2])
c = Chebyshev([1, 2])
print(p + p)
print(p + c)
