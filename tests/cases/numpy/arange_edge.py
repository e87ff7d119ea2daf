import numpy as np
print(np.arange(-3, 3), np.arange(0.5, 3), np.arange(10, 0, -2.5), np.arange(1, 2, 0.3))
print(np.arange(3, dtype=np.float32) + 0.5)
print(np.arange(True), np.arange(np.int8(4)))
