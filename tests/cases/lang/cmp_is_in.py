# is, is not, in, not in.
a = [1, 2, 3]
b = a
c = [1, 2, 3]
print(a is b, a is c, a == c, a is not c)
print(None is None, 1 is not None)
print(2 in a, 5 in a, 5 not in a, not 2 in a)
print('b' in 'abc', 'bc' in 'abc', 'ac' in 'abc', '' in 'abc')
print(1 in (1, 2), 3 in (1, 2))
print([1, 2] in [[1, 2], [3]], (1,) in [(1,), 2])
print(1.0 in [1, 2], True in [1])
print(3 in range(5), 5 in range(5), 4 in range(0, 10, 2))
x = None
if x is None:
    print('x is None')
