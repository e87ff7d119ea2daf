import numpy as np
x = np.linspace(0, 1, 11)
y = 2 * x + 1
print(y.mean(), y.std(), y.min(), y.max())
z = (y - y.mean()) / y.std()
print(np.round(z, 3))
print(np.allclose(z.mean(), 0.0), np.isclose(z.std(), 1.0))
