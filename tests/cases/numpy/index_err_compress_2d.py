import numpy as np
np.compress([[True]], [1, 2, 3])
