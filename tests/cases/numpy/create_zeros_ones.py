import numpy as np
print(repr(np.zeros(3)))
print(repr(np.ones((2, 3))))
print(repr(np.zeros((2, 2), dtype=int)))
print(repr(np.ones(3, dtype=np.complex64)))
