import numpy as np
a = np.array([[1.5, 2.5], [3.5, 4.5]], dtype=np.float32)
x = a[1, 0]
print(repr(x), type(x), x.dtype)
print(repr(a[0][1] * 2))
print(repr(np.arange(3)[-1] + 1))
