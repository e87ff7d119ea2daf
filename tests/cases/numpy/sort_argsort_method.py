import numpy as np
a = np.array([0.5, -1.0, 2.0])
print(a.argsort())
m = np.array([[5, 4], [1, 2]])
print(m.argsort(axis=0))
print(m.argsort(axis=None))
