import numpy as np
m = np.zeros((2, 3))
print(m[1, 3])
