# Sorting records (order=, ties broken by the other fields), argsort,
# concatenate, where-style selection and unique-like use.
import numpy as np

dt = [('name', 'U10'), ('height', 'f8'), ('age', 'i4')]
values = [('Arthur', 1.8, 41), ('Lancelot', 1.9, 38), ('Galahad', 1.7, 38), ('Bors', 1.8, 41)]
a = np.array(values, dtype=dt)
print(np.sort(a, order='height'))
print(np.sort(a, order=['age', 'height']))
print(np.sort(a))
print(repr(np.argsort(a, order='age')), repr(a.argsort(order=['age', 'name'])))
b = a.copy()
b.sort(order='name')
print(b)
print(a)
print(repr(np.sort(a, order='age')['name']))
c = np.concatenate([a[:2], a[3:]])
print(repr(c))
print(repr(np.concatenate((a[:1], a[1:2]), axis=0)))
g = np.array([[(3, 1.0), (1, 2.0)], [(2, 0.5), (2, 0.25)]], dtype='i4,f8')
print(repr(np.sort(g)), repr(np.sort(g, axis=0)), repr(np.sort(g, axis=None)))
print(repr(np.argsort(g, axis=0)))
nan = np.array([(np.nan, 1), (1.0, 2), (np.nan, 0)], dtype='f8,i4')
print(repr(np.sort(nan)))
print(repr(a[a['age'] == 38]), repr(a[np.argmax(a['height'])]))
print(repr(a.take([3, 0])), repr(np.take(a, [1])), repr(a.repeat(2)[:3]))
print(repr(np.flip(a)[:2]), repr(np.atleast_2d(a[:1]).shape), repr(np.expand_dims(a[:1], 0)))
