import numpy as np
a = np.ones((2, 2))
a @= np.ones(2)
