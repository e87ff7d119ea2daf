import numpy as np
print(np.linalg.matrix_power([[1, 2], [3, 4]], 2))
print(np.linalg.matrix_power([[1, 2], [3, 4]], 2.0))
