import numpy as np
np.uint8(300)
