import numpy as np
np.trim_zeros([0, 1, 0], 'x')
