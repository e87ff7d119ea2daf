import numpy as np
np.pad([1, 2], 1, mode='edge', constant_values=3)
