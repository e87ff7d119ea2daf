import numpy as np
x = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(np.isnan(x), np.isinf(x), np.isfinite(x), np.signbit(np.array([-0.0, 0.0, -1.0])))
print(np.sqrt(np.array([-1.0])), np.log(np.array([0.0, -1.0])))
