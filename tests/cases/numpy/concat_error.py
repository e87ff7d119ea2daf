import numpy as np
np.concatenate((np.ones((2, 2)), np.ones((3, 3))))
