# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.array([[4., 1.], [1., 3.]], dtype=np.float32)
print(np.linalg.inv(a).dtype, np.linalg.solve(a, np.ones(2, dtype=np.float32)).dtype)
print(np.linalg.det(a).dtype, np.linalg.norm(a).dtype)
print(np.linalg.eigvalsh(a).dtype, np.linalg.svd(a, compute_uv=False).dtype)
print(np.linalg.cholesky(a).dtype, np.linalg.pinv(a).dtype)
c = a.astype(np.complex64)
print(np.linalg.inv(c).dtype, np.linalg.eigvals(c).dtype, np.linalg.norm(c).dtype)
print(np.linalg.eigvalsh(c).dtype)
i = np.array([[4, 1], [1, 3]], dtype=np.int32)
print(np.linalg.inv(i).dtype, np.linalg.det(i).dtype)
print(np.linalg.inv(a))
