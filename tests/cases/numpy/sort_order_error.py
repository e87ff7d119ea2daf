import numpy as np
print(np.sort([3, 1], order='x'))
