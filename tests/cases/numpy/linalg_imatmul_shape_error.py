import numpy as np
a = np.ones((2, 3))
a @= np.ones((3, 2))
