import numpy as np
np.array_split(np.arange(5), 0)
