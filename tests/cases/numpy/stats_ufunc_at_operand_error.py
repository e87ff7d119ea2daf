import numpy as np
np.add.at([1, 2], [0], 1)
