# index and count.
a = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
print(a.index(1), a.index(5), a.index(3))
print(a.count(5), a.count(1), a.count(7))
print([1.0, 2].index(2), [1, 2].index(1.0))
print([[1], [2]].index([2]), ['a', 'b'].count('b'))
print([True, 1, 1.0].count(1))
