import numpy as np
print(np.histogram([1.0, np.nan], bins=2))
