import numpy as np
np.searchsorted([1, 2, 3], 2, sorter=[0, 1])
