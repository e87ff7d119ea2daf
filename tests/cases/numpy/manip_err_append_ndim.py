import numpy as np
np.append([1, 2], [[3]], axis=0)
