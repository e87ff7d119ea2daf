import numpy as np
b = np.arange(24).reshape(2, 3, 4)
print(b[:, [0, 2], 1])
print(b[1, :, [0, 3]])
print(b[[0, 1], :, [1, 2]].shape)
print(b[:, [0, 1], [1, 2]].shape)
