import numpy as np
a = np.array([3, 8, 1, 9, 4])
print((a > 3).sum(), np.sum(a > 3), (a > 3).mean())
print(a[a > 3].sum(), np.mean(a[a < 5]))
