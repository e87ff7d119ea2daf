import numpy as np
a = np.array([[10.0, np.nan, 4.0], [3.0, 2.0, 1.0]])
print(np.nanpercentile(a, 50))
print(np.nanpercentile(a, [10, 90], axis=1, keepdims=True))
print(np.nanpercentile([np.nan, 1.0], 50, method='weibull'))
