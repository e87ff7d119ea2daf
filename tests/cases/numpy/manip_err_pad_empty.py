import numpy as np
np.pad(np.zeros(0), 1, mode='wrap')
