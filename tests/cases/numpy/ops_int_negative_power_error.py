import numpy as np
print(np.array([2, 3]) ** -1)
