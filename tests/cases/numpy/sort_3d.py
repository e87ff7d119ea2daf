import numpy as np
a = np.arange(24)[::-1].reshape(2, 3, 4) % 7
print(np.sort(a, axis=1))
print(np.argsort(a[0], axis=1, kind='stable'))
print(np.sort(a, axis=0)[1])
