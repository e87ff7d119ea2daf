import numpy as np
a = np.array([1.0, np.nan, 3.0])
b = np.array([np.nan, np.nan, 2.0])
print(np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b))
