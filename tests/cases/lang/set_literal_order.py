# Sets iterate in CPython's hash-table order.
print({3, 1, 2}, {10, 100, 1000}, {-1, -2, 5, 17, 33})
print({100, 9, 17, 25, 1, 33}, {0, 8, 16, 24})
x, y, z = 3, 1, 2
print({x, y, z}, {x * 8, y * 8, z})
print(set(), set([5, 5, 3]), set(range(20)))
print({1.5, 0.5, 2}, {(1, 2), (0, 1)}, {True, 1, 1.0})
print(set('aaa'), len({'a', 'b', 'a'}), sorted({'pear', 'apple', 'fig'}))
