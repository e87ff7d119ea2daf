import numpy as np
np.delete(np.arange(6).reshape(2, 3), 5, axis=1)
