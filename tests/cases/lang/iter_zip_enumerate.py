# zip and enumerate are lazy; zip stops at the shortest.
z = zip('abc', range(10))
print(type(z).__name__, next(z), list(z))
print(list(zip()), list(zip([1])), list(zip([1, 2], [3, 4], [5, 6])))
e = enumerate('xyz', start=1)
print(type(e).__name__, next(e), list(e))
for i, (a, b) in enumerate(zip('ab', 'cd')):
    print(i, a, b)
names, values = zip(*[('a', 1), ('b', 2)])
print(names, values, dict(zip(names, values)))
print(list(zip([1, 2], 'ab', strict=True)))
