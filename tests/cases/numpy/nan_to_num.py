import numpy as np
a = np.array([np.nan, np.inf, -np.inf, 2.0])
print(np.nan_to_num(a, posinf=100.0, neginf=-100.0))
print(np.nan_to_num(a)[0], np.nan_to_num(a)[1] == np.finfo(np.float64).max)
print(np.nan_to_num(np.array([1, 2])))
