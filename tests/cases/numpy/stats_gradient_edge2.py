import numpy as np
f = np.array([1, 2, 4, 7, 11, 16])
print(np.gradient(f, edge_order=2))
print(np.gradient(f, 2.0, edge_order=2))
m = np.array([[1.0, 2.0, 6.0], [3.0, 4.0, 5.0], [0.0, 2.0, 9.0]])
print(np.gradient(m, axis=0, edge_order=2))
