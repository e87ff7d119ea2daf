# frozensets as set elements and dict keys, nested.
edges = {frozenset({1, 2}), frozenset({2, 1}), frozenset({2, 3})}
print(len(edges), frozenset({1, 2}) in edges)
cache = {frozenset(): 0}
for combo in [frozenset({1}), frozenset({1, 2})]:
    cache[combo] = sum(combo)
print(cache)
print(frozenset({frozenset({1})}), hash(frozenset({1, 2})) == hash(frozenset({2, 1})))
