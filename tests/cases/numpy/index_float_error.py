import numpy as np
a = np.arange(3)
print(a[1.0])
