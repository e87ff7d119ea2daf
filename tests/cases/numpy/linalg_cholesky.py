# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[4., 2., 0.6], [2., 5., 1.], [0.6, 1., 3.]])
l = np.linalg.cholesky(a)
print(l)
print(np.allclose(l @ l.T, a))
u = np.linalg.cholesky(a, upper=True)
print(np.allclose(u, l.T))
print(np.linalg.cholesky([[4, 2], [2, 5]]))
print(np.linalg.cholesky(np.array([[4, 2], [2, 5]], dtype=np.float32)).dtype)
# + 0 folds the sign of a zero, which depends on OpenBLAS's kernel (CPU).
print(np.linalg.cholesky(np.array([[2, 1j], [-1j, 2]])) + 0)
