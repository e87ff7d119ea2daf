d = {'a': 1}
print(type(d).__name__, isinstance(d, dict), type({}) is dict, dict is type(d))
print(type(iter(d)).__name__, type(iter(d.values())).__name__, type(iter(d.items())).__name__)
print(list(reversed({'a': 1, 'b': 2})), type(reversed(d)).__name__)
