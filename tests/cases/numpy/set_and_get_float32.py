import numpy as np
a = np.zeros(3, dtype=np.float32)
a[0] = 0.1
a[1:] = [1/3, 2/3]
print(a, repr(a[0]), a[0] == 0.1, a[0] == np.float32(0.1))
