import numpy as np
print(np.linalg.cholesky([[1, 2], [2, 1]]))
