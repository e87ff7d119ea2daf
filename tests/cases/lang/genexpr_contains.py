# `in` steps an iterator until it finds the item, consuming what it passed.
g = (x for x in range(10))
print(3 in g, next(g), 100 in g, list(g))
print(2 in map(abs, [-2]), 5 not in iter([1]), 'b' in zip('ab', 'cd'), ('b', 'd') in zip('ab', 'cd'))
squares = (n * n for n in range(1, 100))
print(49 in squares, next(squares))
