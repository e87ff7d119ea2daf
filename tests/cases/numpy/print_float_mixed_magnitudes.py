import numpy as np
print(np.array([1.0, 10.0, 100.0, 1000.0, 1e4, 1e5, 1e6, 1e7, 1e8]))
print(np.array([0.001, 0.0001, 0.00001]))
print(np.array([1.23456789012, 2.0]))
