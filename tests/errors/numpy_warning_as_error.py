import warnings

import numpy as np

warnings.filterwarnings("error", category=RuntimeWarning)
x = np.array([1.0, -1.0])
print(np.sqrt(x))
