import numpy as np
np.dtype('float7')
