import numpy as np
a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
print(np.quantile(a, 0.5, axis=1))
print(np.quantile(a, [0.0, 1.0], axis=1))
