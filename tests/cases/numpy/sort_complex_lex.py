import numpy as np
z = np.array([1 + 2j, 1 - 1j, -1 + 5j, 0 + 0j, 1 + 0j])
print(np.sort(z))
print(np.argsort(z))
