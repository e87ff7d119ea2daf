import numpy as np
z = np.array([1+2j, 3-4j])
print(repr(z.real), repr(z.imag))
x = np.array([1.5, 2.5])
print(repr(x.real), repr(x.imag))
