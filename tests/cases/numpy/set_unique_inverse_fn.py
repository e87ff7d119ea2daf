import numpy as np
r = np.unique_inverse(np.array([[3, 1], [1, 2]]))
print(r.values)
print(r.inverse_indices)
print(r.values[r.inverse_indices])
