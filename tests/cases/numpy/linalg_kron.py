import numpy as np
print(np.kron([1, 10, 100], [5, 6, 7]))
print(np.kron(np.eye(2), np.ones((2, 2))))
print(np.kron([[1, 2], [3, 4]], [1, -1]))
print(np.kron(np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2)))
print(np.kron(np.ones((2, 1, 2)), np.ones((1, 3))).shape)
print(np.kron(np.int32(2), np.array([1, 2], dtype=np.int8)).dtype)
