import numpy as np
a = np.zeros(3, dtype=np.int8)
a[:] = np.int64(300) if False else np.int16(7)
print(repr(a))
a[1] = np.float64(2.9)
print(repr(a))
