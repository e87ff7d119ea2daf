import numpy as np
a = np.array([1.5, np.nan, 2.5, 4.0], dtype=np.float32)
v = np.nanvar(a)
print(v, v.dtype)
s = np.nanstd(a)
print(s, s.dtype)
