import numpy as np
print(np.sort(np.array([200, 3, 255, 0], dtype=np.uint8)))
print(np.sort(np.array([-300, 3, 255, -1], dtype=np.int16)))
print(np.sort(np.array([2**63 + 5, 7, 2**63], dtype=np.uint64)))
print(np.argsort(np.array([-2**62, 2**62, 0], dtype=np.int64)))
