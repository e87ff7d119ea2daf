import numpy as np
h, e = np.histogram([1, 2, 1, 4, 5, 5, 5])
print(h)
print(e)
h, e = np.histogram([1, 2, 1], bins=[0, 1, 2, 3])
print(h, e)
h, e = np.histogram(np.arange(4), bins=np.arange(5))
print(h, e)
