import numpy as np
print(np.array([-0.0, 0.0]), np.array([1e-9, 1.0]), np.array([-1e-20]))
print(repr(np.float64(-0.0)), repr(np.array([1e-300, 1e300])))
