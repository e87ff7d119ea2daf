import numpy as np
x = np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
e = np.exp(x - x.max(axis=1, keepdims=True))
p = e / e.sum(axis=1, keepdims=True)
print(np.round(p, 6))
print(p.sum(axis=1))
