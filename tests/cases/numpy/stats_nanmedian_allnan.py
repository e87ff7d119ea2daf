import numpy as np
a = np.array([[np.nan, np.nan], [1.0, 2.0]])
print(np.nanmedian(a, axis=1))
