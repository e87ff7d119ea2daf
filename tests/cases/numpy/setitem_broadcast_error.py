import numpy as np
a = np.zeros((3, 3))
a[:2] = np.ones((3, 3))
