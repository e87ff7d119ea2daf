import numpy as np
np.repeat(np.zeros((2, 2)), 2, axis=2)
