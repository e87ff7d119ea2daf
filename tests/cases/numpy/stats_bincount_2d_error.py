import numpy as np
print(np.bincount(np.array([[1, 2]])))
