import numpy as np
x = np.linspace(-1, 1, 3)
y = np.linspace(0, 1, 2)
X, Y = np.meshgrid(x, y)
R = np.sqrt(X ** 2 + Y ** 2)
print(R)
print(R.shape, R.argmax(), R.max())
