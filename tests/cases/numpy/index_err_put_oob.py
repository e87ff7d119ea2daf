import numpy as np
np.put(np.arange(3), [5], 1)
