import numpy as np
print(repr(np.sign(np.array([-2.5, 0.0, 3.0], dtype=np.float32))), repr(np.abs(np.array([-128], dtype=np.int8))))
print(repr(np.sign([-1j, 3+4j])))
