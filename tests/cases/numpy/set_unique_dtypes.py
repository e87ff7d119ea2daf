import numpy as np
print(np.unique(np.array([3, 1, 3], dtype=np.float32)))
print(np.unique(np.array([3, 1, 3], dtype=np.uint8)))
print(np.unique(np.array([1 + 1j, 1 - 1j, 1 + 1j])))
print(np.unique(np.array([-0.0, 0.0, 1.5])))
