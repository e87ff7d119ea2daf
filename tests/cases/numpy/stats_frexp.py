import numpy as np
m, e = np.frexp([1.5, -2.5, 0.0, 8.0, 0.1, 1e-310])
print(m)
print(e, e.dtype)
print(np.frexp(np.float32(3)))
print(np.frexp(np.array([1, 4])))
print(np.frexp(np.array([np.inf, np.nan])))
print(m * 2.0 ** e)
