import numpy as np
np.ones((10**10, 10**10), dtype=np.int8)
