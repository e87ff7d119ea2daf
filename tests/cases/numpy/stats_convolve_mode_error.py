import numpy as np
print(np.convolve([1, 2], [1], mode='bogus'))
