import numpy as np
a = np.ones(3)
b = np.ones(4)
print(a + b)
