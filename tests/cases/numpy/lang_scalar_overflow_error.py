import numpy as np
print(repr(np.int8(1) + 126))
print(np.int8(1) + 300)
