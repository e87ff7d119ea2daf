# _repr_latex_ of the series classes (what a notebook shows).
import numpy as np
from numpy.polynomial import Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre

for cls in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE, Laguerre):
    print(cls([1, 0, -2.5, 1e-9])._repr_latex_())
print(Polynomial([1, 2, 3], domain=[0, 1])._repr_latex_())
print(Polynomial([1, 2], domain=[-2, 2])._repr_latex_())
print(Polynomial([1, 2], domain=[1, 3], window=[0, 2])._repr_latex_())
print(Polynomial([1j, 2])._repr_latex_())
print(Polynomial([0], symbol="t")._repr_latex_())
