import numpy as np
print(np.sort([[3.5, 1], [2, 0.5]]))
print(np.argsort((3, 1, 2)))
print(np.sort([True, False, True]).dtype)
