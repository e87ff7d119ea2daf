import numpy as np
for x in np.float64(1.0):
    print(x)
