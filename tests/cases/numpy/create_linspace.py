import numpy as np
print(repr(np.linspace(0, 1, 5)))
print(repr(np.linspace(0, 1, 5, endpoint=False)))
print(repr(np.linspace(1, 2, 3, retstep=True)))
print(repr(np.linspace(0, 10, 4, dtype=int)))
print(repr(np.linspace(2, 3, 1)))
print(repr(np.linspace(0, 1, 0)))
