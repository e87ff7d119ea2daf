# list() and tuple() conversions.
print(list('abc'), list((1, 2)), list(range(3)))
print(tuple([1, 2]), tuple('ab'), tuple(range(2, 5)))
print(list(), tuple())
print(list([1, 2]), tuple((1,)))
a = [1, 2]
b = list(a)
b.append(3)
print(a, b, a is b)
print(list(reversed([1, 2, 3])), tuple(reversed('xyz')))
print(list(enumerate('ab')))
