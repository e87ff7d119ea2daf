import numpy as np
print(np.histogram([1, 2], range=(3, 1)))
