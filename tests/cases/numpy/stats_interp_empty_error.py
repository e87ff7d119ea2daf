import numpy as np
print(np.interp([1], [], []))
