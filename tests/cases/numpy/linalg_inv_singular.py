import numpy as np
print(np.linalg.inv([[1, 2], [3, 4]]))
print(np.linalg.inv([[1, 2], [2, 4]]))
