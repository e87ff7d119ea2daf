import numpy as np
a = np.array([0.5, 2.0, 3.0], dtype=np.float16)
print(repr(a * 3), repr(a / 3), repr(a + np.float16(1)), repr(np.sqrt(a)))
