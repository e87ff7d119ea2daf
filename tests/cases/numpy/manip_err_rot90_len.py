import numpy as np
np.rot90(np.ones((2, 2)), axes=(0, 1, 2))
