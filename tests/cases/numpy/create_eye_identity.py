import numpy as np
print(repr(np.eye(3)))
print(repr(np.eye(2, 4, k=1)))
print(repr(np.eye(3, k=-1, dtype=int)))
print(repr(np.identity(2, dtype=bool)))
