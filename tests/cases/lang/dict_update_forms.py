# update from a dict, an iterable of pairs, keywords; dict() likewise.
d = {'a': 1}
d.update({'b': 2, 'a': 10})
d.update([('c', 3), ['d', 4]])
d.update(e=5)
d.update({'f': 6}, g=7)
print(d)
print(dict(), dict([(1, 2)]), dict(x=1, y=2), dict({'k': 'v'}, z=0))
print(dict(zip('abc', range(3))))
print(dict(((i, i * i) for i in range(4))))
print(dict.fromkeys('xyz'), dict.fromkeys([1, 2], 0))
