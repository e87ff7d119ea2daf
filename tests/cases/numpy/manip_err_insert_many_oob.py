import numpy as np
np.insert([1, 2, 3], [1, 7], 9)
