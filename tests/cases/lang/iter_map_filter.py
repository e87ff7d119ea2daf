# map and filter are lazy iterators.
print(list(map(str, [1, 2, 3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])))
print(list(filter(lambda x: x % 2, range(7))), list(filter(None, [0, '', 'x', [], [1]])))
m = map(abs, [-1, -2])
print(type(m).__name__, next(m), list(m), list(m))
print(sum(map(len, ['ab', 'c'])), max(map(abs, [-9, 3])), sorted(filter(str.isupper, 'aBcD')))
print(list(map(pow, range(4), [2, 2, 2, 2])), dict(map(lambda k: (k, len(k)), ['a', 'bb'])))
