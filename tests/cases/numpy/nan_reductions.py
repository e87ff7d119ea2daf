import numpy as np
a = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 6.0]])
print(np.nansum(a), np.nansum(a, axis=0), np.nanprod(a, axis=1))
print(np.nanmax(a), np.nanmin(a, axis=1), np.nanmean(a), np.nanmean(a, axis=1))
print(np.nanargmin(a), np.nanargmax(a, axis=1))
print(np.nansum(np.arange(4)), np.nanmax(np.arange(4)))
