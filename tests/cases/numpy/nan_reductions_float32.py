import numpy as np
a = np.array([1.5, np.nan, 2.5], dtype=np.float32)
print(repr(np.nansum(a)), repr(np.nanmean(a)), repr(np.nanmax(a)))
