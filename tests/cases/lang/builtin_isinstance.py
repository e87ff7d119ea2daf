# isinstance with single types and tuples of types.
print(isinstance(1, int), isinstance(1.0, int), isinstance(1.0, float))
print(isinstance('s', str), isinstance([], list), isinstance((), tuple))
print(isinstance(True, bool), isinstance(True, int), isinstance(1, bool))
print(isinstance(1j, complex), isinstance(1, complex))
print(isinstance(1, (int, float)), isinstance('x', (int, float)))
print(isinstance(2.5, (str, (list, float))))
print(isinstance(2**100, int), isinstance(None, int))
print(isinstance([1], (tuple,)), isinstance((1,), (tuple, list)))
