# return ends a generator; a bare return and falling off the end too.
def upto(n):
    i = 0
    while True:
        if i >= n:
            return "done"
        yield i
        i += 1
def empty():
    return
    yield 1
print(list(upto(3)), list(empty()), sum(upto(5)))
