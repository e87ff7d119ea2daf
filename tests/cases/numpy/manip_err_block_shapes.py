import numpy as np
np.block([[[1, 2]], [[3]]])
