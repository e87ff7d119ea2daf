import numpy as np
~np.array([1.5])
