import numpy as np
a = np.array([0.5, -1.5, 2.0, np.nan, 0.25], dtype=np.float16)
print(np.sort(a))
print(np.argsort(a))
