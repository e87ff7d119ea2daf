import numpy as np
a = np.arange(4)
print(a[[1, 7]])
