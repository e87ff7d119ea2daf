import numpy as np
h, e = np.histogram([], bins=3)
print(h, e)
