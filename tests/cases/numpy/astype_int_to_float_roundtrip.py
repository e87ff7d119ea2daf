import numpy as np
a = np.array([2**53 + 1, -7])
print(a.astype(np.float64).astype(np.int64))
print(np.array([-1.9, 1.9, 255.5, 256.5]).astype(np.uint8))
print(np.array([1e10]).astype(np.int32))
print(np.array([3.9, -3.9]).astype(np.int16))
