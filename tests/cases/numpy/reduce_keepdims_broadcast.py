import numpy as np
a = np.arange(6, dtype=float).reshape(2, 3)
print(a - a.mean(axis=1, keepdims=True))
print(a / a.sum(axis=0, keepdims=True))
