# a.flat: reading, assigning (values repeated over the positions), iterating.
import numpy as np

a = np.arange(6).reshape(2, 3)
f = a.flat
print(f[4], f[1:4], f[[0, 5]], f[-1], len(f), f.base is a, f.index, f.coords, list(a.T.flat))
print(f[np.array([True, False, True, False, False, True])], repr(a.flat[2]), a.T.flat[1])
a.flat[[1, 3, 4]] = [10, 20]
print(a)
a.flat[::2] = 7
print(a)
b = np.zeros((2, 2))
b.flat[:] = [1, 2]
print(b)
b.flat[3] = -1.5
print(b, sum(b.flat), [x * 2 for x in np.arange(3).flat])
c = np.arange(4.0).reshape(2, 2).T
c.flat[1] = 99
print(c)
for bad in [lambda: a.flat[10], lambda: a.flat[-7]]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
