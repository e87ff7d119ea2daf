import numpy as np
bins = np.array([10.0, 4.0, 2.5, 1.0, 0.0])
x = np.array([0.2, 6.4, 3.0, 1.0, 11.0])
print(np.digitize(x, bins))
print(np.digitize(x, bins, right=True))
print(np.digitize([[1.5, 5.0], [np.nan, -1.0]], [0, 2, 4]))
