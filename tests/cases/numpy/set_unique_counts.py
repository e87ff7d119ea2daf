import numpy as np
r = np.unique_counts(np.array([2, 2, 1, 5, 2]))
print(r.values)
print(r.counts)
print(r)
