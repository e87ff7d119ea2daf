# not always returns a bool.
print(not 0, not 1, not -1)
print(not [], not [0], not '', not 'a')
print(not None, not 0.0, not 0j, not ())
print(not not 3, not not 0)
print(not 1 == 2, (not 1) == 2)
print(not 1 > 2 and 3)
print(type(not 5))
