import numpy as np
print(repr(np.zeros((0, 3))), repr(np.array([], dtype=int)), np.zeros(0))
print(repr(np.zeros((2, 0), dtype=np.float32)))
