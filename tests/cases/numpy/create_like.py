import numpy as np
a = np.array([[1, 2], [3, 4]], dtype=np.int16)
print(repr(np.zeros_like(a)))
print(repr(np.ones_like(a)))
print(repr(np.full_like(a, 9)))
print(repr(np.zeros_like(a, dtype=float)))
print(np.empty_like(a).shape)
