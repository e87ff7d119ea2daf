import numpy as np
np.put([1, 2], [1], [1.5])
