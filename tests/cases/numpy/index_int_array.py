import numpy as np
a = np.arange(10) * 10
print(a[[1, 3, 5]], a[np.array([-1, 0])])
m = np.arange(12).reshape(3, 4)
print(m[[0, 2]])
print(m[[0, 2], [1, 3]])
print(m[:, [3, 0]])
print(m[[[0], [2]], [1, 2]])
