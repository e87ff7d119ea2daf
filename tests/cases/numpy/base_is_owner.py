# xpush: skip-device=npu
# a view's .base is the array owning its memory, itself (Z[:3].base is Z)
import numpy as np
Z = np.arange(10)
print(Z[:3].base is Z, Z.base)
v = Z[:3]
w = v[1:]
print(v.base is Z, w.base is Z, v.base is v.base)
x = np.arange(3.0)
print(x.reshape(1, 3).base is x, x[None].base is x, np.atleast_2d(x).base is x, np.expand_dims(x, 0).base is x, x.T.base is x, x[:, None].base is x)
print(np.reshape(x, (3, 1)).base is x, x.view().base is x, np.transpose(x).base is x, x.ravel().base, x[::2].base is x)
m = np.arange(6).reshape(2, 3)
print(m.base, m[:1].base is m, m.T.base is m)
c = Z.copy()
print(c.base, Z[[1, 2]].base, Z[Z > 3].base)
a = np.zeros((3, 3))
d = np.diagonal(a)
print(d.base is a)
b = a[1]
print(b.base is a, b.base.shape)
del a
print(b.base.shape)
s = np.arange(4.0).reshape(2, 2)
print(s[0].base is s, s.base.shape)
