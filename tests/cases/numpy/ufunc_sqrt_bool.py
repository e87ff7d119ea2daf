import numpy as np
print(repr(np.sqrt(np.array([True, False]))))
