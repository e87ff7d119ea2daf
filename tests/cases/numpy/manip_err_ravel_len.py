import numpy as np
np.ravel_multi_index((1,), (2, 3))
