# Unpacking: nested, swaps, starred in the middle, from dict items.
a, b = 1, 2
a, b = b, a
print(a, b)
(x, y), z = (1, 2), 3
print(x, y, z)
first, *middle, last = range(10)
print(first, middle, last)
for name, (lo, hi) in {'r': (0, 255), 'p': (1, 9)}.items():
    print(name, lo, hi)
*_, final = 'abc'
print(final)
head, *tail = [1]
print(head, tail)
