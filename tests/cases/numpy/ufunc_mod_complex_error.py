import numpy as np
np.array([1j]) % 2
