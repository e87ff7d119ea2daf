import numpy as np
np.bitwise_and(np.array([1.5]), 1)
