import numpy as np
np.repeat([1, 2, 3], [1, 2])
