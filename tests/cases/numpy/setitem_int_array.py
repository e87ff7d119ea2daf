import numpy as np
a = np.zeros(6, dtype=int)
a[[0, 2, 4]] = [1, 2, 3]
print(a)
a[[1, 3]] = 9
print(a)
