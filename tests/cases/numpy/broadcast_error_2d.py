import numpy as np
a = np.ones((2, 3))
b = np.ones((3, 2))
print(a * b)
