import numpy as np
np.select([np.array([True])], [1, 2])
