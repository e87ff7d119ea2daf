import numpy as np
s = np.float64(1.0)
s[0] = 2
