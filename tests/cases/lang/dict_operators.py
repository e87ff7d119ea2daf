# ==, in, del, len, |, |=, {**a, **b}.
a = {'x': 1, 'y': 2}
b = {'y': 20, 'z': 30}
print(a | b, b | a, {**a, **b}, {**b, 'w': 0, **a})
c = dict(a)
c |= b
print(c, a == {'y': 2, 'x': 1}, a != b, a == {'x': 1.0, 'y': 2})
print('x' in a, 'q' not in a, len(a | b))
del c['x']
print(c, bool({}), bool(c))
