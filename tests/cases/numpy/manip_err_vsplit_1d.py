import numpy as np
np.vsplit(np.arange(4), 2)
