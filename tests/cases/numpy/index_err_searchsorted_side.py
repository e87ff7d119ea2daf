import numpy as np
np.searchsorted([1, 2, 3], 2, side='x')
