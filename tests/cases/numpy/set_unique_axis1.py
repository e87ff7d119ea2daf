import numpy as np
a = np.array([[1, 0, 1, 2], [3, 4, 3, 0]])
print(np.unique(a, axis=1))
print(np.unique(a, axis=1, return_inverse=True))
print(np.unique(a, axis=-1, return_counts=True))
