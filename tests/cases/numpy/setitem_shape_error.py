import numpy as np
a = np.zeros((2, 3))
a[0] = [1, 2]
