import numpy as np
print(np.sort([3, 1, 2], kind='bogus'))
