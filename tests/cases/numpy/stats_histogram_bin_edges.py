import numpy as np
print(np.histogram_bin_edges([0, 1, 2, 3, 4, 5], bins=5))
print(np.histogram_bin_edges([1, 2, 5, 7, 11, 20], bins='auto'))
print(np.histogram_bin_edges([1, 2], bins=[0, 5, 10]))
print(np.histogram_bin_edges([1, 2, 3], bins=2, range=(0, 10)))
