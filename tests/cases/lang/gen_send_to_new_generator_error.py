# Sending a value to a generator that has not started is a TypeError.
def g():
    x = yield 1
    yield x
print(list(g()))
g().send(5)
