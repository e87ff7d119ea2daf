import numpy as np
print(repr(np.arange(4, dtype=float)))
print(repr(np.arange(4, dtype=np.uint8)))
print(repr(np.arange(0, 2, 0.5, dtype=np.float32)))
