import numpy as np
arr = np.array([[3, 6, 6], [4, 5, 1]])
print(np.ravel_multi_index(arr, (7, 6)))
print(np.ravel_multi_index(arr, (7, 6), order='F'))
print(np.ravel_multi_index(arr, (4, 6), mode='clip'))
print(np.ravel_multi_index(arr, (4, 4), mode=('clip', 'wrap')))
print(np.ravel_multi_index((3, 1, 4, 1), (6, 7, 8, 9)))
print(np.ravel_multi_index(([1, 0], 2), (2, 3)))
