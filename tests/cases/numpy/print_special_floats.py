import numpy as np
print(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0]))
print(repr(np.array([np.nan, 1.5])))
print(np.array([-1.5, 2.25]))
