import numpy as np
a = np.array([0, 255], dtype=np.uint8)
print(repr(a + np.uint8(1)))
print(repr(a - np.uint8(1)))
b = np.array([2**62, -2**62])
print(repr(b * 4))
