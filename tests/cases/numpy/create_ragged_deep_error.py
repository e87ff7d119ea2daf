import numpy as np
np.array([[[1, 2], [3, 4]], [[5, 6], [7]]])
