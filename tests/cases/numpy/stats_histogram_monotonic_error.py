import numpy as np
print(np.histogram([1, 2], bins=[3, 1, 2]))
