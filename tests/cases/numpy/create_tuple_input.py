import numpy as np
a = np.array(((1.5, 2), (3, 4)))
print(repr(a))
