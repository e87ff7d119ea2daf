# List comprehensions: expressions, filters, nested clauses.
print([x * x for x in range(8)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i, 3)])
print([c.upper() for c in 'hello' if c not in 'l'])
print([x if x > 0 else -x for x in [-2, 3, -4]])
print([[row * 3 + col for col in range(3)] for row in range(3)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([[r[i] for r in matrix] for i in range(3)])
print([v for row in matrix for v in row])
print([len(w) for w in "a bb ccc".split()], [x for x in []], [() for _ in range(2)])
print([k + str(v) for k, v in {'a': 1, 'b': 2}.items()])
