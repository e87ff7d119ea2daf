# Equal keys across int, float, bool and complex are one key.
d = {1: 'int'}
d[1.0] = 'float'
d[True] = 'bool'
d[1 + 0j] = 'complex'
print(d, len(d))
print({0: 'a', False: 'b', 0.0: 'c'}, {1: 2} == {1.0: 2.0}, {1: [1]} == {1: [1.0]})
print({'a': 1, 'b': 2} == {'b': 2, 'a': 1}, {} == dict(), {1: 2} != {1: 3})
nan = float('nan')
print({nan: 1}[nan], len({nan, nan}))
