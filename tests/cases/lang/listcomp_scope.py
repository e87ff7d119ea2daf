# A comprehension has its own scope: its variable does not leak, and it
# reads names of the enclosing function through a closure.
x = 'module x'
print([x for x in range(3)], x)
def scale(factor, values):
    offset = 1
    return [factor * v + offset for v in values]
print(scale(10, [1, 2, 3]))
def nested():
    n = 2
    return [[n * i * j for j in range(3)] for i in range(n + 1)]
print(nested())
def reads_later():
    out = [y for y in range(3)]
    y = 'local y'
    return out, y
print(reads_later())
print([i for i in range(3)] + [i for i in range(3, 5)])
