import numpy as np
h, e = np.histogram([0.5, 1.5, 2.5, 3.5, 9.0], bins=4, range=(0, 4))
print(h, e)
h, e = np.histogram([3, 3, 3])
print(h)
print(e)
