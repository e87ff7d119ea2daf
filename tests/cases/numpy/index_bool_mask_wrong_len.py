import numpy as np
a = np.arange(3)
print(a[np.array([True, False])])
