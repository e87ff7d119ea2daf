s, f = {1}, frozenset({1})
print(type(s).__name__, type(f).__name__, isinstance(s, set), isinstance(f, frozenset), isinstance(f, set))
print(type(iter(s)).__name__, set is type(s), len(set('hello')), sorted(set('hello')))
print(sorted({'b', 'a'} | {'c'}), {1, 2, 3} > {1}, {1} < {1}, frozenset([1]) == {1})
