import numpy as np
a = np.array([[1, 2], [3, 4]])
print(a.dot([1, 1]))
print(a.dot(a))
print(repr(np.arange(3).dot(np.arange(3))))
