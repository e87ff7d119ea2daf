import numpy as np
print(np.dot(np.ones((2, 3)), np.ones((2, 3))))
