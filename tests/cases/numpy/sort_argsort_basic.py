import numpy as np
a = np.array([30, 10, 20, 50, 40])
print(np.argsort(a))
m = np.array([[3, 1, 2], [0, 9, 5]])
print(np.argsort(m))
print(np.argsort(m, axis=0))
print(np.argsort(m, axis=None))
print(np.argsort(m).dtype)
