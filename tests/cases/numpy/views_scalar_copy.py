import numpy as np
a = np.arange(3)
s = a[1]
a[1] = 50
print(s, a)
