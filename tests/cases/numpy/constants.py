import numpy as np
print(np.pi, np.e, np.inf, -np.inf, np.nan, np.euler_gamma)
print(np.newaxis is None)
