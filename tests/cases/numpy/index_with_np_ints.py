import numpy as np
a = np.arange(10)
i = np.int64(3)
print(a[i], a[np.int8(-1)], a[np.arange(2)])
m = np.arange(6).reshape(2, 3)
print(m[np.int32(1), np.int16(2)])
