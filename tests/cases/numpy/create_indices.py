import numpy as np
print(repr(np.indices((2, 3))))
print(np.indices((2, 2, 2)).shape)
