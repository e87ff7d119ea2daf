# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[3., 1.], [1., 2.]])
b = np.array([9., 8.])
x = np.linalg.solve(a, b)
print(x)
print(np.allclose(a @ x, b))
print(np.linalg.solve(a, [[9., 1.], [8., 0.]]))
print(np.linalg.solve([[2, 0], [0, 4]], [2, 2]))
print(np.linalg.solve(np.array([[2, 0], [0, 4]], dtype=np.float32), np.array([2, 2], dtype=np.float32)).dtype)
print(np.linalg.solve(np.array([[[2., 0.], [0., 4.]], [[1., 0.], [0., 1.]]]), np.array([[[1.], [1.]], [[3.], [4.]]])))
print(np.linalg.solve([[1j, 0], [0, 1]], [1, 1]))
