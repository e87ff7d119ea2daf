import numpy as np
a = np.array([1e-10, 1.0, 1000.0])
print(a)
np.set_printoptions(suppress=True)
print(a)
