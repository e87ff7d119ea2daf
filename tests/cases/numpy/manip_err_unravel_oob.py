import numpy as np
np.unravel_index(10, (2, 3))
