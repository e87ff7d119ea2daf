import numpy as np
a = np.array([1.0, np.nan, 3.0, np.nan])
m = np.isnan(a)
print(m.sum(), np.where(m, 0.0, a), a[~m].mean())
a[m] = np.nanmean(a)
print(a)
