import numpy as np
a = np.array([[1, 0, 7], [0, 0, 3]])
print(repr(np.ptp(a)), repr(np.ptp(a, axis=1)), repr(np.count_nonzero(a)), repr(np.count_nonzero(a, axis=0)))
