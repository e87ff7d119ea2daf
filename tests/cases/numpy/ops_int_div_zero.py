import numpy as np
a = np.array([1, -1, 0])
print(a // 0, a % 0)
print(np.array([1.0, -1.0, 0.0]) / 0)
