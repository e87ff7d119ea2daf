# / takes numbers only.
from numpy.polynomial import Polynomial

p = Polynomial([2, 4])
print(p / 2)
print(p / Polynomial([1, 1]))
