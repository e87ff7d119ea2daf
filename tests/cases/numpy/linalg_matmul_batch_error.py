import numpy as np
print(np.matmul(np.ones((2, 2, 2)), np.ones((2, 2))).shape)
print(np.matmul(np.ones((2, 2, 2)), np.ones((3, 2, 2))))
