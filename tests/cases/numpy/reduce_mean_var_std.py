import numpy as np
a = np.array([[1, 2], [3, 5]])
print(repr(a.mean()), repr(a.mean(axis=0)), repr(a.mean(axis=1)))
print(repr(a.var()), repr(a.std()), repr(a.var(ddof=1)), repr(np.std(a, axis=0)))
print(repr(np.array([1, 2], dtype=np.float32).mean()))
