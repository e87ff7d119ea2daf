import numpy as np
print(repr(-np.array([1, -2], dtype=np.int16)))
print(repr(~np.array([0, 5], dtype=np.uint8)))
print(repr(abs(np.array([-1.5, 2]))))
print(repr(-np.float32(2)))
