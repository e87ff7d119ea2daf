import numpy as np
h, e = np.histogram(np.array([1, 2, 5], dtype=np.float32), bins=3)
print(h, e, e.dtype)
h, e = np.histogram(np.array([1, 2, 5], dtype=np.int32), bins=3)
print(e.dtype)
h, e = np.histogram(np.array([True, False, True]), bins=2)
print(h, e)
