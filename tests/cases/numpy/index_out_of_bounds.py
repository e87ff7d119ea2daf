import numpy as np
a = np.arange(5)
print(a[5])
