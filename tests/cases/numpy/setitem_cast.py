import numpy as np
a = np.zeros(3, dtype=int)
a[0] = 2.9
a[1] = True
print(a)
f = np.zeros(2, dtype=np.float32)
f[0] = 1/3
print(f)
