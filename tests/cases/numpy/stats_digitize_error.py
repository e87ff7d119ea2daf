import numpy as np
print(np.digitize([1, 2], [3, 1, 2]))
