# get with and without a default; setdefault inserts once.
d = {'a': 1}
print(d.get('a'), d.get('z'), d.get('z', 0))
print(d.setdefault('a', 5), d.setdefault('b', []), d)
d.setdefault('b', []).append(3)
d.setdefault('b', []).append(4)
print(d)
