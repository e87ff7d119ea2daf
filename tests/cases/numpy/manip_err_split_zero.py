import numpy as np
np.split(np.arange(5), 0)
