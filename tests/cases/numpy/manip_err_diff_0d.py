import numpy as np
np.diff(5)
