import numpy as np
a = np.array([[1, 5, 3], [4, 2, 6]])
out = np.zeros(2)
r = np.median(a, axis=1, out=out)
print(out)
