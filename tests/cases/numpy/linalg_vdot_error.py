import numpy as np
print(np.vdot([1, 2], [1, 2, 3]))
