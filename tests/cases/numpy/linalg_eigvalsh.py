# xpush: rtol=1e-9 atol=1e-12
import numpy as np
print(np.linalg.eigvalsh([[2, 1], [1, 2]]))
print(np.linalg.eigvalsh(np.array([[5., 0., 0.], [0., 1., 0.], [0., 0., 3.]])))
print(np.linalg.eigvalsh(np.array([[1, 2], [2, 1]], dtype=np.float32)).dtype)
print(np.linalg.eigvalsh(np.array([[2, 1j], [-1j, 2]])).dtype)
print(np.linalg.eigvalsh(np.array([[[2., 0.], [0., 1.]], [[3., 1.], [1., 3.]]])))
