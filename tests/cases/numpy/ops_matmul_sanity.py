import numpy as np
a = np.arange(4).reshape(2, 2)
print((a * a).sum(axis=1), (a[:, :, None] * a[None, :, :]).sum(axis=1))
