import numpy as np
print(np.multiply.outer(np.arange(1, 4), np.arange(1, 4)))
print(np.subtract.outer([10, 20], [1, 2, 3]))
m = np.arange(6).reshape(2, 3)
print(np.add.accumulate(m), np.add.accumulate(m, axis=1))
print(np.add.reduce(m, axis=None), np.logical_or.reduce([False, True]), np.minimum.reduce(m, axis=1))
