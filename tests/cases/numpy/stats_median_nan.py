import numpy as np
print(np.median([1.0, np.nan, 3.0]))
a = np.array([[1.0, np.nan], [2.0, 4.0]])
print(np.median(a, axis=0))
print(np.median(a, axis=1))
