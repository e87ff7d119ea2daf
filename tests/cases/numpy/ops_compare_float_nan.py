import numpy as np
a = np.array([1.0, np.nan, np.inf])
print(a == a, a < np.inf, a > 0)
