import numpy as np
f = np.array([1, 2, 4, 7, 11, 16])
print(np.gradient(f))
print(np.gradient(f, 2))
print(np.gradient(f, 0.5))
print(np.gradient(np.array([1.0, 2.0, 4.0], dtype=np.float32)))
