# xpush: skip-device=npu
# einsum of one operand with nothing summed is a writeable view
import numpy as np
a = np.zeros((3, 3))
np.einsum('ii->i', a)[:] = 1
print(a)
b = np.arange(6).reshape(2, 3)
t = np.einsum('ij->ji', b)
t[0, 1] = 99
print(b, t.flags['C_CONTIGUOUS'], t.flags['OWNDATA'], np.shares_memory(t, b))
c = np.arange(24).reshape(2, 3, 4)
v = np.einsum('...ij->...ji', c)
print(v.shape, np.shares_memory(v, c), v[1, 2, 0])
print(np.einsum('ij', b).flags['OWNDATA'], np.einsum('ii', np.eye(3)), np.einsum('ij->i', b))
d = np.einsum(np.arange(9).reshape(3, 3), [0, 0], [0])
print(d, d.flags['OWNDATA'], d.strides)
e = np.einsum('i', np.arange(3))
e[0] = 5
print(e.base is not None)
