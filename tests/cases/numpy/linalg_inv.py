# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[4., 7.], [2., 6.]])
ai = np.linalg.inv(a)
print(ai)
print(np.allclose(a @ ai, np.eye(2)))
print(np.linalg.inv([[1, 2], [3, 4]]))
print(np.linalg.inv(np.array([[2, 0], [0, 4]], dtype=np.float32)).dtype)
print(np.linalg.inv(np.array([[[1., 0.], [0., 2.]], [[4., 0.], [0., 5.]]])))
print(np.linalg.inv([[1j, 0], [0, 2]]))
