# xpush: skip-device=npu
# copy and deepcopy of masked arrays, matrices, dataclasses, text and date arrays
import copy
import numpy as np
from dataclasses import dataclass
m = np.ma.array([1, 2, 3], mask=[0, 1, 0])
c = copy.deepcopy(m)
c[0] = 9
print(m, c, type(c).__name__)
s = copy.copy(m)
print(s, type(s).__name__)
@dataclass
class D:
    a: list
d = D([1])
e = copy.deepcopy(d)
print(e, e.a is d.a, e == d)
mat = np.matrix([[1, 2]])
print(type(copy.copy(mat)).__name__, copy.deepcopy(mat))
print(copy.deepcopy(np.array(['a', 'b'])), copy.copy(np.array([1, 2], dtype='M8[D]')))
s[0] = 5
print(m, s)
