import numpy as np
a = np.ones(3, dtype=np.float32)
a += 1
a *= np.float64(2)
print(repr(a))
b = np.ones(3, dtype=np.int8)
b += np.int8(5)
b -= 1
print(repr(b))
c = np.zeros(2)
c += np.array([1, 2], dtype=np.int32)
print(repr(c))
