import numpy as np
print(np.get_printoptions())
