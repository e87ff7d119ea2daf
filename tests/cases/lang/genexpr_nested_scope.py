# The first iterable is evaluated at once, in the enclosing scope; the rest
# lazily, in the generator's own.
def make(n):
    return (i * n for i in range(n))
print(list(make(3)))
pairs = ((a, b) for a in range(3) for b in range(a))
print(list(pairs))
rows = [[1, 2], [3]]
g = (v for row in rows for v in row)
rows.append([4])
print(list(g))
xs = [1, 2]
g = (x for x in xs)
xs = [9]
print(list(g))
