g = (x for x in [1])
print(next(g))
next(g)
