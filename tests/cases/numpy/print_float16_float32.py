import numpy as np
print(repr(np.array([0.1, 1000.0], dtype=np.float16)))
print(repr(np.array([0.1, 1e7], dtype=np.float32)))
print(repr(np.arange(5, dtype=np.float32) / 3))
