import numpy as np
np.fill_diagonal(np.zeros(3), 1)
