import numpy as np
print(np.inner([1, 2], [1, 2, 3]))
