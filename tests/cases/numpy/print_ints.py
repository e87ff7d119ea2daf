import numpy as np
print(np.array([1, -10, 100]))
print(repr(np.array([[1, 22], [333, -4]])))
print(repr(np.array([0, 255], dtype=np.uint8)))
print(np.array([-9223372036854775808, 9223372036854775807]))
