import numpy as np
np.ravel_multi_index((3, 1), (2, 3))
