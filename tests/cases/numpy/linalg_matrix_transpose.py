import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.matrix_transpose(a))
print(np.linalg.matrix_transpose(np.arange(12).reshape(2, 2, 3)).shape)
t = np.matrix_transpose(a)
t[0, 1] = 99
print(a)
