# | & - ^ and the comparisons of sets.
a = {1, 2, 3, 100}
b = {100, 8, 16}
print(a | b, a & b, b & a, a - b, b - a, a ^ b, b ^ a)
print(a <= a, a < a, {1, 2} < a, a > {1}, a >= b, {1} == {1.0}, a != b)
print(a.union(b, [200]), a.intersection(b), a.difference(b, [2]))
print(a.symmetric_difference([1, 99]), a.issubset(range(200)), a.issuperset([1, 2]))
print(a.isdisjoint(b), a.isdisjoint({7}))
c = a.copy()
c |= {5}
c &= {1, 5, 100}
c -= {1}
c ^= {7}
print(c, a)
big = set(range(40))
print(big - {3, 4}, big & {39, 0, 41})
