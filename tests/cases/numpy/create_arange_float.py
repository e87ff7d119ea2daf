import numpy as np
print(repr(np.arange(0, 1, 0.1)))
print(repr(np.arange(1.5)))
print(repr(np.arange(0, 2, 0.7)))
print(len(np.arange(0.1, 0.4, 0.1)))
