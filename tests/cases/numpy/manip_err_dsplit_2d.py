import numpy as np
np.dsplit(np.ones((2, 2)), 1)
