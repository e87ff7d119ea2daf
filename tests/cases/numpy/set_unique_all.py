import numpy as np
r = np.unique_all(np.array([3, 1, 1, 2]))
print(r.values)
print(r.indices)
print(r.inverse_indices)
print(r.counts)
print(r)
