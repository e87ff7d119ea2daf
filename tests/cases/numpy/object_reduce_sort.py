# Reductions, scans and sorts of object arrays, along axes too.
import numpy as np

c = np.array([3, 1, 2], dtype=object)
print(repr(c.sum()), type(c.sum()).__name__, repr(c.prod()), repr(c.max()), repr(c.min()))
print(repr(np.max(c)), repr(np.min(c)), repr(np.sum(c)), repr(c.mean()))
m = np.array([[1, 2], [3, 4]], dtype=object)
print(repr(np.sum(m, axis=0)), repr(m.sum(axis=1)), repr(m.max(axis=0)), repr(m.prod(axis=-1)))
print(repr(m.mean(axis=0)), repr(np.array([[1.5, 2]], dtype=object).mean()))
print(repr(np.cumsum(c)), repr(np.cumprod(c)), repr(np.cumsum(m, axis=0)), repr(m.cumsum()))
print(repr(np.array([], dtype=object).sum()), repr(np.array([], dtype=object).prod()))
print(repr(np.array(['a', 'b', 'c'], dtype=object).sum()))
print(repr(np.array([2**64, 2**64], dtype=object).sum()))
print(repr(np.sort(np.array([3, 1, 2.5], dtype=object))), repr(np.array([3, 1, 2], dtype=object).argsort()))
print(repr(np.sort(np.array([[3, 1], [0, 2]], dtype=object))), repr(np.sort(np.array([[3, 1], [0, 2]], dtype=object), axis=0)))
print(repr(np.sort(np.array(['b', 'a', 'c'], dtype=object))), repr(np.argsort(np.array([2.5, -1, 0], dtype=object))))
d = np.array([5, 3, 4], dtype=object)
d.sort()
print(repr(d))
print(repr(np.where([True, False], np.array([1, 2], dtype=object), 0)))
print(repr(np.concatenate([np.array([1], dtype=object), np.array([2.5])])))
print(repr(np.stack([np.array([1, None]), np.array([2, 3], dtype=object)])))
print(repr(np.append(np.array([None]), [1, 2])))
o = np.array([1, None, 3, 'x'], dtype=object)
print(repr(o[1:]), repr(o[::-1]), repr(o[[0, 3]]), o[3], o[1] is None)
o[1] = [7, 8]
print(repr(o))
o[2:] = 0
print(repr(o))
v = o[:2]
v[0] = 'view'
print(repr(o), repr(o.reshape(2, 2)), len(o))
for x in np.array([1, 'two', None], dtype=object):
    print(repr(x))
print(o.item(0), repr(np.array([[1, 2]], dtype=object).item(1)))
