# sorted and reversed.
a = [3, 1, 2]
print(sorted(a), a)
print(sorted(a, reverse=True))
print(sorted('banana'), sorted((2, 1)))
print(sorted(['bb', 'a', 'ccc'], key=len))
print(sorted(['bb', 'a', 'ccc'], key=len, reverse=True))
print(sorted(range(5, 0, -1)), sorted([]))
print(list(reversed(a)), list(reversed('abc')), list(reversed(range(4))))
print(list(reversed((1, 2))), list(reversed([])))
for x in reversed([1, 2, 3]):
    print(x, end=' ')
print()
print(sorted([2.5, -1, 3, 0.0, True]))
