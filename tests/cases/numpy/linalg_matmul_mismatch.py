import numpy as np
a = np.ones((2, 3))
print(a @ a.T)
print(a @ a)
