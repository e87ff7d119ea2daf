# yield from delegates to another iterable or generator.
def inner(n):
    for i in range(n):
        yield i * 10
def outer():
    yield "start"
    yield from inner(3)
    yield from "ab"
    yield from [1.5]
    yield "end"
print(list(outer()))
def flatten(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x
print(list(flatten([1, [2, [3, [4]], 5], [[6]]])))
