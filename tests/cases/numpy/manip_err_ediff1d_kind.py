import numpy as np
np.ediff1d([1, 2], to_begin=1.5)
