import numpy as np
a = np.arange(6)
a.reshape(4, 2)
