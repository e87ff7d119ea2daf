import numpy as np
b = np.array([True, False, True, False, False])
print(np.sort(b))
print(np.argsort(b, kind='stable'))
