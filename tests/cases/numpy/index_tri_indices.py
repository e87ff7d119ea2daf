import numpy as np
print(np.tril_indices(4))
print(np.tril_indices(4, 2))
print(np.tril_indices(3, -1, 4))
print(np.triu_indices(4))
print(np.triu_indices(4, k=2))
print(np.triu_indices(3, m=2))
a = np.arange(16).reshape(4, 4)
print(a[np.tril_indices(4)])
a[np.triu_indices(4, 1)] = -1
print(a)
print(np.tril_indices_from(np.zeros((2, 3))))
print(np.triu_indices_from(np.zeros((3, 3)), k=1))
