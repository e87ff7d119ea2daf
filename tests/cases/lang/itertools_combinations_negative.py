import itertools
print(list(itertools.combinations("abc", 1)))
itertools.combinations("abc", -2)
