import numpy as np
dense = np.array([[0, 0, 1.5], [2.5, 0, 0], [0, 0, 0], [0, 3.5, 0]])
rows, cols = np.nonzero(dense)
vals = dense[rows, cols]
print(rows, cols, vals)
rebuilt = np.zeros_like(dense)
np.put(rebuilt, np.ravel_multi_index((rows, cols), dense.shape), vals)
print(np.array_equal(rebuilt, dense))
edges = np.array([1.0, 2.0, 3.0])
print(np.searchsorted(edges, vals))
print(np.take_along_axis(dense, np.argmax(dense, axis=1)[:, None], axis=1).ravel())
