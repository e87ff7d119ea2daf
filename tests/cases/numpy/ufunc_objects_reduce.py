import numpy as np
print(np.add)
print(np.add.reduce([1, 2, 3]), np.multiply.reduce([[1, 2], [3, 4]], axis=1))
print(np.maximum.reduce([3, 9, 2]), np.add.accumulate([1, 2, 3]), np.multiply.accumulate([1, 2, 3]))
print(np.add.outer([1, 2], [10, 20, 30]))
