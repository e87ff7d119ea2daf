import numpy as np
x = np.array([1, 1, 2, 3, 4])
y = np.array([2, 1, 4, 6])
xy, x_ind, y_ind = np.intersect1d(x, y, return_indices=True)
print(xy, x_ind, y_ind)
print(x[x_ind], y[y_ind])
