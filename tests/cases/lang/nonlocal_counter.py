# nonlocal: a nested function rebinds its enclosing function's variable.
def make_counter():
    count = 0
    def increment(step=1):
        nonlocal count
        count += step
        return count
    return increment
c = make_counter()
print(c(), c(), c(5))
d = make_counter()
print(d(), c())
def outer():
    x = 'outer'
    def middle():
        def inner():
            nonlocal x
            x = 'changed by inner'
        inner()
    middle()
    return x
print(outer())
def accumulate(values):
    total = 0
    seen = []
    def add(v):
        nonlocal total
        total = total + v
        seen.append(total)
    for v in values:
        add(v)
    return total, seen
print(accumulate([1, 2, 3]))
