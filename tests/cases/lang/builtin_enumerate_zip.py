# enumerate (with start) and zip.
for i, v in enumerate(['a', 'b', 'c']):
    print(i, v)
for i, v in enumerate('xy', 1):
    print(i, v)
for i, v in enumerate([10, 20], start=100):
    print(i, v)
print(list(enumerate([])))
for a, b in zip([1, 2, 3], 'abc'):
    print(a, b)
print(list(zip([1, 2, 3], [4, 5])))
print(list(zip(range(3), 'ab', (True, False, None))))
print(list(zip()))
names = ['x', 'y']
vals = [1, 2]
for n, v in zip(names, vals):
    print(n + '=' + str(v))
