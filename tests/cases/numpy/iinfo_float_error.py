import numpy as np
np.iinfo(np.float32)
