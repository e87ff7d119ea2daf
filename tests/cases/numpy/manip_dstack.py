import numpy as np
print(np.dstack(([1, 2, 3], [4, 5, 6])))
print(np.dstack(([[1], [2]], [[3], [4]])).shape)
print(np.dstack((np.ones((2, 2), dtype=np.float32), np.zeros((2, 2, 3), dtype=np.int16))).dtype)
print(np.dstack((1, 2)))
