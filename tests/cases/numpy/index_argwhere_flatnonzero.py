import numpy as np
x = np.arange(6).reshape(2, 3)
print(np.argwhere(x > 1))
print(np.argwhere(np.array([[0, 1], [1, 0]], dtype=bool)))
print(np.argwhere(np.array(3)).shape, np.argwhere(np.array(0)).shape)
print(np.argwhere(np.zeros(3)).shape)
print(np.flatnonzero(x))
print(np.flatnonzero(x % 2 == 1))
print(np.flatnonzero(np.array([0.5, 0.0, -1.0], dtype=np.float32)))
