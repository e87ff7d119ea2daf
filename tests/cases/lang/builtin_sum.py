# sum with and without start.
print(sum([1, 2, 3]), sum([]), sum(range(101)))
print(sum([1, 2], 10), sum([], 5), sum([0.5, 0.25], start=1))
print(sum([0.1] * 10), sum([1, 2.5, 3j]))
print(sum((True, True, False)))
print(sum([2**64, 2**64]))
print(sum([[1], [2, 3]], []))
print(type(sum([1, 2])), type(sum([1, 2.0])))
