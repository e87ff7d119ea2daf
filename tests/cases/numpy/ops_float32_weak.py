import numpy as np
a = np.array([1.5, 2.5], dtype=np.float32)
print(repr(a * 2), repr(a + 1.1), repr(a * np.float64(2)))
print(repr(np.float32(0.1) + 0.2))
