import numpy as np
r = np.unique_all(np.array([np.nan, 1.0, np.nan]))
print(r.values, r.counts)
