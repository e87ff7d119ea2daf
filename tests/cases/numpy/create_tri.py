import numpy as np
print(repr(np.tri(3)))
print(repr(np.tri(2, 4, k=1, dtype=int)))
m = np.arange(1, 10).reshape(3, 3)
print(repr(np.tril(m)))
print(repr(np.triu(m, 1)))
print(repr(np.tril(m, -1)))
