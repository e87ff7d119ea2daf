import numpy as np
print(np.bincount([1, 2], weights=[1.0]))
