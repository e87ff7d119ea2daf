import numpy as np
a = np.arange(3)
print(a[0, 1])
