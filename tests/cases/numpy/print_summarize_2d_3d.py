import numpy as np
np.set_printoptions(threshold=10)
print(np.arange(100).reshape(10, 10))
print(np.arange(60).reshape(3, 4, 5))
