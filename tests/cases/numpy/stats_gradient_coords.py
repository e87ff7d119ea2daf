import numpy as np
f = np.array([1, 2, 4, 7, 11, 16], dtype=float)
x = np.array([0.0, 1.0, 1.5, 3.5, 4.0, 6.0])
print(np.gradient(f, x))
print(np.gradient(f, x, edge_order=2))
print(np.gradient(f, np.arange(6) * 2))
