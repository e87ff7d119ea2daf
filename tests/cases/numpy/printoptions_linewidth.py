import numpy as np
np.set_printoptions(linewidth=30)
print(np.arange(20))
print(repr(np.arange(12) * 0.5))
