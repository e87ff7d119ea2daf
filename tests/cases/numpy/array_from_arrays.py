import numpy as np
a = np.array([np.arange(3), np.ones(3)])
print(repr(a))
b = np.array([np.float32(1), np.float32(2)])
print(repr(b))
c = np.array([[np.int8(1), 2], [3, 4]])
print(repr(c))
print(repr(np.array(range(4))))
