import numpy as np
a = np.arange(8)
print(np.clip(a, 2, 5), a.clip(3, None), np.clip(a, None, 1))
q, r = np.divmod(np.array([7, -7, 7]), np.array([2, 2, -2]))
print(q, r)
