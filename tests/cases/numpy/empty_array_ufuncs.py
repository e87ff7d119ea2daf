import numpy as np
a = np.zeros(0) + 1
print(a, a.shape)
print(np.zeros((0, 3)).astype(np.int32))
print(np.zeros(()).astype(np.int32) + 1)
print(np.ones((2, 0)).sum(axis=0), np.ones((2, 0)).sum(axis=1))
