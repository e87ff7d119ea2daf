# `a.shape = s` changes the shape in place when a view without copying is
# possible (one -1 inferred, an int for 1-d); views made before keep theirs.
import numpy as np

a = np.arange(6)
a.shape = (2, 3)
print(a, a.shape, a.strides)
a.shape = -1
print(a)
a.shape = [3, -1]
print(a.shape)
b = np.arange(12).reshape(3, 4)
v = b[:, :2]
b.shape = (4, 3)
print(b.shape, v.shape)
b[0, 0] = 100
print(v[0])
t = np.arange(8).reshape(2, 4).T
t.shape = (2, 2, 2)
print(t[1])
