import numpy as np
np.zeros(3).reshape()
