import numpy as np
np.roll([1, 2, 3], 1, axis=1)
