# keys/values/items are live views.
d = {'a': 1, 'b': 2}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it)
d['c'] = 3
del d['a']
print(k, v, it)
print(len(k), 'b' in k, 'a' in k, ('b', 2) in it, 3 in v)
print(list(k), sorted(v), list(it))
print(type(k).__name__, type(v).__name__, type(it).__name__)
