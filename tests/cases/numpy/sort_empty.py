import numpy as np
print(np.sort(np.array([])))
print(np.sort(np.zeros((0, 3)), axis=0).shape)
print(np.argsort(np.array([], dtype=np.int64)))
