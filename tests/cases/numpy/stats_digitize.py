import numpy as np
x = np.array([0.2, 6.4, 3.0, 1.6])
bins = np.array([0.0, 1.0, 2.5, 4.0, 10.0])
print(np.digitize(x, bins))
print(np.digitize(x, bins, right=True))
print(np.digitize([1, 2, 3], [1, 2, 3]))
print(np.digitize([1, 2, 3], [1, 2, 3], right=True))
print(np.digitize(2.5, [1, 2, 3]))
