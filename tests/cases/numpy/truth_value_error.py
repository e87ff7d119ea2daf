import numpy as np
a = np.array([1, 2])
if a:
    print('yes')
