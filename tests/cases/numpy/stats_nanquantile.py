import numpy as np
a = np.array([[10.0, np.nan, 4.0], [3.0, 2.0, 1.0]])
print(np.nanquantile(a, 0.5))
print(np.nanquantile(a, 0.5, axis=0))
print(np.nanquantile(a, [0.25, 0.75], axis=1))
print(np.nanquantile(a, 0.5, axis=1, method='higher'))
