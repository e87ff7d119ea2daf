# Records with object fields: np.zeros holds 0, np.empty and its _like
# hold None (NumPy's uninitialised objects), np.ones and full the value;
# object fields take any Python value.
import numpy as np

dt = [('o', 'O'), ('i', 'i4')]
print(repr(np.empty(2, dtype=dt)['o']), repr(np.zeros(2, dtype=dt)))
print(repr(np.ones(1, dtype=[('o', 'O'), ('s', 'U2')])), repr(np.full(1, 'ab', dtype=[('o', 'O'), ('s', 'U2')])))
print(repr(np.zeros_like(np.zeros(2, dtype=[('o', 'O')]))), repr(np.empty_like(np.zeros(2, dtype=[('o', 'O')]))))
r = np.zeros(3, dtype=dt)
r['o'] = [[1, 2], 'x', None]
r[1] = ({'k': 1}, 5)
print(r, r['o'][0], r.tolist())
print(repr(np.rec.array(None, shape=2, dtype=dt).o))
