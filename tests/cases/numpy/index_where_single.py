import numpy as np
a = np.array([[0, 1, 0], [2, 0, 3]])
print(np.where(a))
print(np.where(a > 1))
print(a[np.where(a)])
