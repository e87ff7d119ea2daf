import numpy as np
print(np.eye(3, 2), np.eye(2, 3, k=-1), np.eye(1, dtype=bool), np.eye(0).shape)
