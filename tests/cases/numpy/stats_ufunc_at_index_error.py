import numpy as np
a = np.arange(3)
np.add.at(a, [5], 1)
