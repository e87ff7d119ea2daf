import numpy as np
print(np.bincount([1, -1]))
