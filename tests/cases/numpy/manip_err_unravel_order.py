import numpy as np
np.unravel_index(1, (2, 3), order='X')
