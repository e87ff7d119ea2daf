import numpy as np
a = np.zeros((2, 2, 2), dtype=int)
a[..., 0] = 1
a[0, ...] += 5
print(a)
