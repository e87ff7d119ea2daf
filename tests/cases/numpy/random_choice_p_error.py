import numpy as np
np.random.choice(3, 2, p=[0.5, 0.6, 0.1])
