# symmetric_difference reads an iterator argument once.
print({1, 2}.symmetric_difference(x for x in [2, 3]))
print({1, 2}.symmetric_difference([2, 3, 3]))
s = {1, 2}
s.symmetric_difference_update(x for x in [2, 5])
print(s)
print(frozenset({1}).symmetric_difference({1, 9}))
