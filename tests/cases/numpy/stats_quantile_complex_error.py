import numpy as np
print(np.quantile([1j, 2], 0.5))
