import numpy as np
np.take_along_axis(np.arange(3), np.array([5]), 0)
