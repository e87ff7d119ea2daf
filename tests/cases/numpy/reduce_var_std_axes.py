import numpy as np
a = np.arange(12, dtype=float).reshape(3, 4)
print(a.var(axis=0), a.std(axis=1), a.var(axis=(0, 1)), a.std(ddof=1))
print(np.var([1+1j, 1-1j]))
