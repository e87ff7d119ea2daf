import numpy as np
np.diagonal(np.arange(3))
