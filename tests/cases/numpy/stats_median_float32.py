import numpy as np
a = np.array([1.5, 2.25, 8.0, 3.0], dtype=np.float32)
m = np.median(a)
print(m, type(m))
print(np.median(np.array([1, 2], dtype=np.float16)))
