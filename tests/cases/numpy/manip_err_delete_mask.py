import numpy as np
np.delete([1, 2, 3], np.array([True, False]))
