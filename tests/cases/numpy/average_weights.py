import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.average(a), np.average(a, axis=0), np.average(a, weights=np.ones((2, 3))))
print(np.average(a, axis=1, weights=[1, 2, 3]))
print(np.average([1.0, 2.0], weights=[1, 3], returned=True))
