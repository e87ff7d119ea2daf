import numpy as np
np.choose([0, 1], [[1, 2], [3, 4, 5]])
