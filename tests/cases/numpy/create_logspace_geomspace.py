import numpy as np
print(repr(np.logspace(0, 3, 4)))
print(repr(np.logspace(0, 3, 4, base=2.0)))
print(repr(np.geomspace(1, 256, 9)))
print(repr(np.geomspace(-1, -1000, 4)))
