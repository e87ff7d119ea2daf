# Indexing a string array gives views (basic) or copies (fancy, boolean);
# assignment converts and truncates to the width.
import numpy as np

a = np.array(['a', 'bcd', 'ef'])
a[1] = 'zzzzzz'
print(repr(a))
print(a[0], a[-1], type(a[0]).__name__ in ('str', 'str_'))
print(repr(a[::-1]), repr(a[[0, 2]]), repr(a[a != 'ef']))
v = a[:2]
v[0] = 'q'
print(repr(a))
c = a[[0, 1]]
c[0] = 'copy'
print(repr(a), repr(c))
a[a == 'ef'] = 'E'
print(repr(a))
a[:] = 7
print(repr(a))
m = np.array([['ab', 'c'], ['d', 'efg']])
print(repr(m.T), repr(m[1]), repr(m[:, 0]), m[1, 1])
print(repr(m.ravel()), repr(m.flatten()), repr(m.reshape(4)), repr(m.copy()))
print(repr(np.flip(m)), repr(np.tile(np.array(['x']), 3)), repr(np.repeat(np.array(['x', 'y']), 2)))
print(repr(np.transpose(m)), repr(np.expand_dims(np.array(['a']), 0)), repr(np.take(m, [0, 3])))
print(m.shape, np.shape(m), np.ndim(m), np.size(m))
print(m.tolist(), a.tolist())
for row in m:
    print(repr(row))
for s in np.array(['p', 'q']):
    print(s)
print('d' in m, 'zz' in m, bool(np.array(['x'])), bool(np.array([''])))
print(repr(np.split(np.array(['a', 'b', 'c', 'd']), 2)))
