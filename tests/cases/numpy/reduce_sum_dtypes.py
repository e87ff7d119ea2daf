import numpy as np
print(repr(np.array([100, 100], dtype=np.int8).sum()))
print(repr(np.array([True, True, False]).sum()))
print(repr(np.array([200, 200], dtype=np.uint8).sum()))
print(repr(np.array([0.1, 0.2, 0.3], dtype=np.float32).sum()))
print(repr(np.array([1+1j, 2]).sum()))
