# A StopIteration raised inside a generator body becomes a RuntimeError (PEP 479).
def g():
    yield 1
    raise StopIteration
print(next(g()))
list(g())
