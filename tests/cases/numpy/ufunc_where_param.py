import numpy as np
a = np.arange(5)
r = np.add(a, 10, where=a % 2 == 0, out=np.zeros(5, dtype=int))
print(r)
