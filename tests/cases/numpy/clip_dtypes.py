import numpy as np
print(repr(np.clip(np.array([1, 200], dtype=np.uint8), 5, 100)))
print(repr(np.clip(np.array([-1.5, 0.5, 3.0]), -1, 1)))
print(repr(np.clip(np.arange(5), [1, 1, 1, 1, 1], 3)))
