import numpy as np
m = np.arange(1, 10).reshape(3, 3)
print(m.T)
print(m * np.eye(3, dtype=int))
print(np.diag(m).sum(), np.tril(m).sum(), np.triu(m, 1).sum())
print(m.sum(axis=0) / m.sum())
