import numpy as np
a = np.arange(3)
print([a[0], a[1]])
print((np.float32(1.5), np.True_))
print(list(np.array([0.5, 1.5])))
