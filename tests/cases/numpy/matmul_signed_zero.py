# Each sum of a matrix product starts at +0.0, as BLAS (beta = 0) and
# NumPy's own loops start it: products of -0.0 alone give 0.0.
import numpy as np

print(repr(np.array([0.0]) @ np.array([[-0.0, 1.5]])))
print(repr(np.array([[1.5], [0.0]], dtype=np.float32) @ np.array([[3.0, -2.5, -0.0]], dtype=np.float32)))
z = np.array([[0.0 + 0.0j]], dtype=np.complex64) @ np.array([[-1.0 - 1.0j]], dtype=np.complex64)
print(repr(z), np.signbit(z.real), np.signbit(z.imag))
print(repr(np.matmul(np.array([[-0.0, -0.0]]), np.array([[1.0], [2.0]]))))
