# Unpacking drains iterators and generators.
a, b, c = (x * 2 for x in range(3))
print(a, b, c)
k, v = next(iter({'key': 'value'}.items()))
print(k, v)
x, y = map(int, '3 4'.split())
print(x + y)
q, r = zip(*[(1, 'a')])
print(q, r)
