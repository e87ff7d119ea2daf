import numpy as np
a = np.arange(5)
a[a > 1] = [10, 20, 30]
print(a)
