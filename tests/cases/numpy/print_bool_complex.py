import numpy as np
print(np.array([True, False]), repr(np.array([[True], [False]])))
print(np.array([1+2j, -1.5-0.5j]))
print(repr(np.array([1j, 0], dtype=np.complex64)))
