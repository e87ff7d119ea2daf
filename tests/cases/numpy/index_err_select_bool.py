import numpy as np
np.select([np.array([1])], [np.array([1])])
