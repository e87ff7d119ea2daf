import numpy as np
h, e = np.histogram([1, 2, 5], bins=3, weights=[1, 2, 3])
print(h, h.dtype)
h, e = np.histogram([1, 2, 5], bins=3, weights=np.array([0.5, 1.5, 2.0]))
print(h)
h, e = np.histogram([1, 2, 5], bins=3, weights=np.array([1, 2, 3], dtype=np.float32))
print(h, h.dtype)
