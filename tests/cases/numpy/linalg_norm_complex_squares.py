# np.linalg.norm squares complex elements as (conj(x) * x).real, and the
# flattened 2-norm as re.dot(re) + im.dot(im): no rounding through abs().
import numpy as np

z = np.array([1 + 1j, 1 - 1j, 0.1 + 0.7j], dtype=np.complex64)
print(np.linalg.norm(z), np.linalg.norm(z, axis=0), np.linalg.norm(z.reshape(1, 3)), np.linalg.norm(z.reshape(1, 3), axis=(0, 1)))
w = np.array([[0.1 + 0.3j, 2.5 - 1j], [1e-3j, 7]], dtype=np.complex64)
print(np.linalg.norm(w), np.linalg.norm(w, 'fro'), np.linalg.norm(w, axis=1), np.linalg.norm(w, axis=(1, 0)))
print(np.linalg.norm(np.array([1 + 1j, 1 - 1j], dtype=np.complex64)), np.linalg.norm(np.full((3, 3), 1 + 1j, dtype=np.complex64), axis=0))
