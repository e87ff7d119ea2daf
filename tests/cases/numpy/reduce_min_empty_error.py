import numpy as np
np.zeros(0).max()
