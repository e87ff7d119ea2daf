import numpy as np
print(np.dtype('f4').type)
print(np.float32)
print(type(np.float32(1)))
print(np.arange(2).dtype.type)
