import numpy as np
print(np.quantile([1, 2, 3], 1.5))
