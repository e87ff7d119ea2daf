import numpy as np
surnames = np.array([3, 1, 2, 1, 3])
first = np.array([1, 2, 1, 1, 0])
ind = np.lexsort((first, surnames))
print(ind)
print(surnames[ind], first[ind])
keys = np.array([[1, 5, 1, 4, 3, 4, 4], [9, 4, 0, 4, 0, 2, 1]])
print(np.lexsort(keys))
print(np.lexsort(([1.5, 0.5, 2.5],)))
