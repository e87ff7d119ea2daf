# dict displays: insertion order, repr of keys and values, nesting.
d = {'b': 2, 'a': 1, 3: [1, 2], (1, 2): {'x': None}}
print(d)
print({})
print({1: 'one', 1.0: 'float one', True: 'bool'})
print(len(d), d[(1, 2)], d[3][1])
print(repr({'q': "it's"}), str({1.5: -0.0}))
e = {}
e['self'] = e
print(e)
