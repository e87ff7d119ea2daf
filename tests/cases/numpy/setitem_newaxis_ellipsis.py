import numpy as np
a = np.zeros((2, 3))
a[..., None][0] = 5
print(a)
a[None] = 1
print(a)
