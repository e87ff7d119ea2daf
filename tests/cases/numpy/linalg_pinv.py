# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[1., 2.], [3., 4.], [5., 6.]])
p = np.linalg.pinv(a)
print(p)
print(np.allclose(a @ p @ a, a))
print(np.linalg.pinv([[2, 0], [0, 0]]))
print(np.linalg.pinv(np.eye(2, dtype=np.float32)).dtype)
print(np.linalg.pinv([[1., 2.], [2., 4.]], rcond=1e-10))
print(np.linalg.pinv(np.array([[[1., 0.], [0., 2.]], [[4., 0.], [0., 0.]]])))
print(np.linalg.pinv([[1., 1.], [1., 1.]], hermitian=True))
