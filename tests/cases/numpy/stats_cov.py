import numpy as np
x = np.array([[0, 2], [1, 1], [2, 0]]).T
print(np.cov(x))
print(np.cov([1, 2, 3]))
print(np.cov([-2.1, -1, 4.3], [3, 1.1, 0.12]))
