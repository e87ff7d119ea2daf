# Series with different symbols do not combine.
from numpy.polynomial import Polynomial

a = Polynomial([1, 2], symbol="x")
b = Polynomial([1, 2], symbol="y")
print(a - a)
print(a - b)
