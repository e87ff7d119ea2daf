import numpy as np
a = np.arange(3)
print(a[True].shape, a[False].shape)
