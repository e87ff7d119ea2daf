import numpy as np
np.arange(6).reshape(-1, -1)
