import numpy as np
x = np.arange(1, 4)
y = np.arange(1, 5)
t = x[:, None] * y[None, :]
print(t)
print(t.shape, t.sum(), t.T[1])
