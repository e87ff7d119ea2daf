# all and any.
print(all([]), any([]))
print(all([1, 2, 3]), all([1, 0, 3]))
print(any([0, 0, 1]), any([0, '', None]))
print(all('abc'), any(''), all(range(1, 5)), all(range(5)))
print(all([[], [1]]), any([[], [1]]))
print(all((True, 1, 'x')), any((False, 0.0)))
