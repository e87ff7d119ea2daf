import numpy as np
a = np.array([1, 5, 2, 8], dtype=np.float32)
print(repr(np.quantile(a, 0.3)))
print(repr(np.quantile(a, [0.3])))
print(repr(np.quantile(a, 0.3, method='lower')))
print(repr(np.median(a)))
