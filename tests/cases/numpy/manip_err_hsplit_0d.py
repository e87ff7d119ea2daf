import numpy as np
np.hsplit(np.array(3), 1)
