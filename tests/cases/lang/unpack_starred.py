# Starred assignment takes what the other targets leave, as a list.
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = 'abc'
print(init, last)
a, *mid, z = range(5)
print(a, mid, z)
x, *y = (1,)
print(x, y)
(p, q), *others = [(1, 2), (3, 4)]
print(p, q, others)
head, *tail = (n * n for n in range(4))
print(head, tail)
for k, *vs in [(1, 2, 3), (4,)]:
    print(k, vs)
