import numpy as np
np.nonzero(np.array(5))
