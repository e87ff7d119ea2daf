import numpy as np
print(repr(np.full(3, 7)))
print(repr(np.full((2, 2), 1.5)))
print(repr(np.full(2, True)))
print(repr(np.full(2, 3, dtype=np.float32)))
