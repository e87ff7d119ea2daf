import numpy as np
print(np.float64, np.int8, np.ndarray, np.dtype)
print(np.bool_, np.double, np.bool_ is np.bool, np.double is np.float64)
print(np.add, np.sqrt)
