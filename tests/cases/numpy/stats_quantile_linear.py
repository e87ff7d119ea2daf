import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
print(np.quantile(a, 0.5))
print(np.quantile(a, 0.5, axis=0))
print(np.quantile(a, 0.5, axis=1))
print(np.quantile(a, 0.5, axis=1, keepdims=True))
print(np.quantile(a, [0.1, 0.9], axis=1))
print(np.quantile(a, [0.25, 0.5, 0.75]))
print(np.quantile([1.0, 2.0, 3.0], 0))
