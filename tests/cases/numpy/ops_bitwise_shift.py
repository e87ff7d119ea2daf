import numpy as np
a = np.array([1, 2, 12])
print(a & 6, a | 1, a ^ 3, a << 2, a >> 1, ~a)
