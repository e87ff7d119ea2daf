import numpy as np
np.compress([True, False, True, True], [1, 2, 3])
