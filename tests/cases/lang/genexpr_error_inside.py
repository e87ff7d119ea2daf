g = (1 / x for x in [1, 0])
print(next(g))
print(next(g))
