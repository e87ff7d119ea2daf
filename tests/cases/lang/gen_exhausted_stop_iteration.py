# next() past the end raises StopIteration; a for loop and list() stop quietly.
def two():
    yield "a"
    yield "b"
g = two()
print(list(g), list(g))
g = two()
next(g)
next(g)
try:
    next(g)
except StopIteration:
    print("StopIteration")
next(g)
