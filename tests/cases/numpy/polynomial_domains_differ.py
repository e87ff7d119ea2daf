# Series of one class with different domains do not combine.
from numpy.polynomial import Legendre

a = Legendre([1, 2])
b = Legendre([1, 2], domain=[0, 1])
print(a * a)
print(a * b)
