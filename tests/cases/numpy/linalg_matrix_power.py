import numpy as np
a = np.array([[1, 1], [1, 0]])
print(np.linalg.matrix_power(a, 0))
print(np.linalg.matrix_power(a, 1))
print(np.linalg.matrix_power(a, 10))
print(np.linalg.matrix_power(a, 10).dtype)
print(np.linalg.matrix_power(np.array([[2., 0.], [0., 4.]]), -2))
print(np.linalg.matrix_power(np.eye(2, dtype=np.float32) * 2, 3).dtype)
print(np.linalg.matrix_power(np.arange(8).reshape(2, 2, 2), 2))
