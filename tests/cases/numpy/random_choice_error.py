import numpy as np
np.random.choice(3, 5, replace=False)
