# xpush: rtol=1e-9 atol=1e-12
import numpy as np
print(np.linalg.eigvals(np.diag([4., 5.])))
print(np.linalg.eigvals([[2, 0], [0, 7]]))
w = np.linalg.eigvals([[0, 1], [-1, 0]])
print(w.dtype, np.round(np.abs(w), 6))
print(np.linalg.eigvals(np.array([[1, 0], [0, 2]], dtype=np.float32)).dtype)
print(np.linalg.eigvals(np.array([[1j, 0], [0, 2j]])))
