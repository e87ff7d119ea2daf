import numpy as np
a = np.array([[1, 2], [3, 4]])
print(3 in a, 5 in a, 2.0 in a, 5 not in a)
print(np.nan in np.array([np.nan]))
