import numpy as np
x = np.array([0.1, 0.5, 2.0], dtype=np.float32)
print(repr(np.sqrt(x)), repr(np.log(x)), repr(np.sin(x)))
