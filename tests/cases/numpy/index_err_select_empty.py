import numpy as np
np.select([], [])
