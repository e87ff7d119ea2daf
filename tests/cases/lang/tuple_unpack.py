# Tuple unpacking, swap and nested targets.
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
x, y, z = [10, 20, 30]
print(x, y, z)
p, q = 'hi'
print(p, q)
(m, (n, o)) = (1, (2, 3))
print(m, n, o)
[r, s] = (4, 5)
print(r, s)
i, j = divmod(17, 5)
print(i, j)
for k, v in [(1, 'a'), (2, 'b')]:
    print(k, v)
for k, (v1, v2) in [(0, (1, 2)), (1, (3, 4))]:
    print(k, v1 + v2)
a, b, c = range(3)
print(a, b, c)
a, b = b, a + b
print(a, b)
