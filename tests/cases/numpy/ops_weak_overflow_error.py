import numpy as np
a = np.array([1, 2], dtype=np.uint8)
print(a + 300)
