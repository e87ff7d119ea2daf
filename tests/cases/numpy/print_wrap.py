import numpy as np
a = np.arange(40) * 1.5
print(a)
print(repr(np.arange(30)))
