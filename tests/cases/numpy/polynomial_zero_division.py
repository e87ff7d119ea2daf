# Division by a series whose leading coefficient is zero.
from numpy.polynomial import Chebyshev

a = Chebyshev([1, 2, 3])
print(a // Chebyshev([1, 1]))
print(a // Chebyshev([0]))
