# xpush: rtol=1e-9 atol=1e-12
import numpy as np
print(repr(np.linalg.det([[1, 2], [3, 4]])))
print(repr(np.linalg.det([[2, 0, 0], [0, 3, 0], [0, 0, 4]])))
print(np.linalg.det(np.array([[[1., 2.], [3., 4.]], [[2., 0.], [0., 2.]]])))
print(repr(np.linalg.det([[1, 2], [2, 4]])))
print(np.linalg.det(np.eye(3, dtype=np.float32)).dtype)
print(repr(np.linalg.det([[1j, 0], [0, 2]])))
print(repr(np.linalg.det(np.ones((0, 0)))))
