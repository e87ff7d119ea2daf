import numpy as np
print(np.isin([1], [1]))
x = np.in1d
