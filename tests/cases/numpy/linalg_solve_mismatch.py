import numpy as np
print(np.linalg.solve(np.eye(2), [1, 2, 3]))
