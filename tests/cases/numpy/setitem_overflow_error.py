import numpy as np
a = np.zeros(3, dtype=np.uint8)
a[0] = 256
