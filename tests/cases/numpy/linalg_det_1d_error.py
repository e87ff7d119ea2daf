import numpy as np
print(np.linalg.det([1, 2, 3]))
