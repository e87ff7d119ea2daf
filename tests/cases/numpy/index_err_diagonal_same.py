import numpy as np
np.diagonal(np.eye(2), 0, 1, 1)
