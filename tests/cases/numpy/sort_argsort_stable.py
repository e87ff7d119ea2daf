import numpy as np
a = np.array([2, 1, 2, 1, 0, 2])
print(np.argsort(a, kind='stable'))
print(np.argsort(a, stable=True))
f = np.array([1.5, 1.5, -0.0, 0.0, 1.5])
print(np.argsort(f, kind='mergesort'))
