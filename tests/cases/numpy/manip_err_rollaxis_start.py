import numpy as np
np.rollaxis(np.ones((2, 3)), 0, 5)
