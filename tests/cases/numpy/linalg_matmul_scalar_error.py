import numpy as np
print(np.matmul([1, 2], [3, 4]))
print(np.matmul(np.float64(2.0), np.ones(2)))
