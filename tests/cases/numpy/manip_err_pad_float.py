import numpy as np
np.pad(np.arange(3), (1.5, 2))
