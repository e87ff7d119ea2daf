import numpy as np
np.ones((2, 2)).sum(axis=(0, 0))
