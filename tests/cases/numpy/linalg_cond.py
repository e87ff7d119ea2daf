# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[1., 0., -1.], [0., 1., 0.], [1., 0., 1.]])
print(np.linalg.cond(a))
print(np.linalg.cond(a, 'fro'))
print(np.linalg.cond(a, np.inf))
print(np.linalg.cond(a, -np.inf))
print(np.linalg.cond(a, 1))
print(np.linalg.cond(a, -1))
print(np.linalg.cond(a, 2))
print(np.linalg.cond(a, -2))
print(np.linalg.cond([[1, 2], [2, 4]], 1))
print(np.linalg.cond(np.eye(2, dtype=np.float32)).dtype)
