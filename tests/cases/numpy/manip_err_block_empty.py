import numpy as np
np.block([])
