import numpy as np
a = np.linspace(-1, 1)
print(a.shape)
print(a)
