import numpy as np
print(np.quantile([1, 2, 3], 0.5, method='bogus'))
