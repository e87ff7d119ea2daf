import numpy as np
np.random.seed(2**32)
