# f(*xs, **kw) and unpacking in displays.
def f(a, b, c=0, **kw):
    return a, b, c, kw
args = [1, 2]
opts = {'c': 3, 'd': 4}
print(f(*args), f(*args, **opts), f(*'xy', c=5), f(1, *[2], **{'z': 0}))
print(f(**{'a': 1, 'b': 2}), max(*[3, 9, 2]), print(*['a', 'b'], sep='-'))
a, b = [1, 2], (3,)
print([*a, *b], (*a, 0), {*a, *b}, [*range(2), *'cd'], (*'ab',))
print({**opts, 'e': 5}, {'a': 0, **opts, 'c': 30})
