import numpy as np
a = np.array([100, -100], dtype=np.int8)
print(repr(a + 1))
print(repr(a * 2))
print(repr(a + 1.5))
print(repr(np.int8(1) + 1), repr(np.int8(127) + np.int8(1)))
