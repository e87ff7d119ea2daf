import numpy as np
np.insert([1, 2, 3], 5, 9)
