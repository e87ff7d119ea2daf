import numpy as np
a = np.arange(6).reshape(2, 3)
t = a.T.copy()
t[0, 0] = 50
print(a[0, 0], t.strides, a.T.strides)
