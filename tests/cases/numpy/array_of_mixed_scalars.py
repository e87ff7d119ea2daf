import numpy as np
print(repr(np.array([np.float32(1.5), 2.0])), repr(np.array([np.int8(1), 1000])), repr(np.array([np.uint8(1), -1])))
