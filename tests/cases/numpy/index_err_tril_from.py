import numpy as np
np.tril_indices_from(np.zeros(3))
