import numpy as np
np.take_along_axis(np.ones((2, 2)), np.array([[1]]), None)
