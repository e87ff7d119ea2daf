import numpy as np
np.diff([1, 2], axis=1)
