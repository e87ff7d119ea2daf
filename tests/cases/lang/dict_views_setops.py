# keys() and items() views are set-like.
a = {'x': 1, 'y': 2, 'z': 3}
b = {'y': 0, 'w': 5}
print(sorted(a.keys() & b.keys()), sorted(a.keys() | b.keys()), sorted(a.keys() - b.keys()))
print(sorted(a.keys() ^ b.keys()), a.keys() == {'x', 'y', 'z'}, a.keys() <= {'x', 'y', 'z', 'q'})
print(sorted(a.items() & {('x', 1), ('y', 5)}), ('x', 1) in a.items(), a.keys() & ['x'])
