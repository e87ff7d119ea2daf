import numpy as np
np.take([1, 2, 3], [5])
