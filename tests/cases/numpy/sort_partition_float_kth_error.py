import numpy as np
print(np.partition([3, 1, 2], 1.5))
