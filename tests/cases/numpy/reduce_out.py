import numpy as np
a = np.arange(6).reshape(2, 3)
o = np.zeros(3, dtype=int)
r = np.sum(a, axis=0, out=o)
print(o, r is o)
