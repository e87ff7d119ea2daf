import numpy as np
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(10))
print(repr(np.arange(6)))
print(np.arange(5))
