import numpy as np
np.choose([0, 3], [[1, 2], [3, 4]])
