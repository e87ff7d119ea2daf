import numpy as np
h, e = np.histogram([1, 2, 2, 3, 3, 3], bins=3, density=True)
print(h, e)
h, e = np.histogram([1, 2, 5], bins=[0, 1, 3, 6], density=True)
print(h)
