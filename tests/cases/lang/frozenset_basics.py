# frozenset: hashable, usable as a key and an element.
f = frozenset([3, 1, 2])
print(f, frozenset(), frozenset('aa'), len(f), 2 in f)
print(hash(frozenset()), hash(frozenset({1, 2, 3})), hash(f) == hash(frozenset({1, 2, 3})))
d = {f: 'value', frozenset(): 'empty'}
print(d[frozenset({1, 2, 3})], d[frozenset()])
print({frozenset({1}), frozenset({1}), frozenset({2})})
print(f | {4}, {4} | f, f & {1}, f - {1}, f ^ {9})
print(f.union([7]), f == {1, 2, 3}, f <= {1, 2, 3, 4}, type(f.copy()).__name__)
