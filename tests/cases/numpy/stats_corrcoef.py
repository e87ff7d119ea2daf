import numpy as np
print(np.corrcoef([1, 2, 3], [1, 5, 7]))
x = np.array([[1.0, 2.0, 4.0, 0.5], [2.0, 1.0, 0.5, 3.0], [3.0, 3.5, 1.0, 1.0]])
print(np.corrcoef(x))
print(np.corrcoef(x, rowvar=False).shape)
print(np.corrcoef([1, 2, 3]))
