import numpy as np
print(np.linalg.outer([1, 2], [3, 4]))
print(np.linalg.outer([[1, 2]], [3, 4]))
