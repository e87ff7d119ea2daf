import numpy as np
a = np.array([1.7, -2.5, 3.0])
print(repr(a.astype(int)))
print(repr(a.astype(np.float32)))
print(repr(a.astype(bool)))
print(repr(a.astype(np.uint8)))
print(repr(np.array([300, -1]).astype(np.uint8)))
print(repr(np.arange(3).astype(complex)))
