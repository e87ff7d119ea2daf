import numpy as np
print(np.linalg.multi_dot([[1, 2]]))
