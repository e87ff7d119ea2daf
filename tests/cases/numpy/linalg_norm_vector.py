# xpush: rtol=1e-9 atol=1e-12
import numpy as np
v = np.array([3., -4., 0., 1.])
print(np.linalg.norm(v))
print(np.linalg.norm(v, 1))
print(np.linalg.norm(v, np.inf))
print(np.linalg.norm(v, -np.inf))
print(np.linalg.norm(v, 0))
print(np.linalg.norm(v, 3))
print(np.linalg.norm([1, 2, 2]))
print(repr(np.linalg.norm([3, 4])))
print(repr(np.linalg.norm(np.array([3, 4], dtype=np.float32))))
print(repr(np.linalg.norm(np.array([3j, 4], dtype=np.complex64))))
print(np.linalg.norm([[1, 2], [3, 4]]))
