import numpy as np
v = np.array([3.0, 4.0])
print(np.sqrt((v ** 2).sum()), np.hypot(*v), v / np.sqrt(np.sum(v * v)))
m = np.arange(1.0, 7.0).reshape(2, 3)
print(np.sqrt((m ** 2).sum(axis=1, keepdims=True)))
