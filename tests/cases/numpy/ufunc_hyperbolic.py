import numpy as np
x = np.array([0.0, 0.5, 1.0])
print(np.sinh(x), np.cosh(x), np.arcsinh(x), np.arccosh(x + 1), np.arctanh(x / 2))
