# A generator's return value is the value of the StopIteration that ends it:
# next(), send() and throw() carry it; a finished generator's next one has none.
def g():
    yield 1
    return "done"
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("stop", repr(e.value), e.args, repr(e))
try:
    next(it)
except StopIteration as e:
    print("again", repr(e.value), e.args)
def h():
    x = yield 1
    return x * 2
it = h()
next(it)
try:
    it.send(21)
except StopIteration as e:
    print("send", e.value)
def k():
    yield 1
it = k(); next(it)
try:
    next(it)
except StopIteration as e:
    print("none", e.value, e.args)
try:
    next(iter([]))
except StopIteration as e:
    print("list", e.value)
def w():
    try:
        yield 1
    except ValueError:
        return "caught"
it = w(); next(it)
try:
    it.throw(ValueError)
except StopIteration as e:
    print("throw", e.value)
def outer():
    r = yield from g()
    return r + "!"
it = outer(); print(next(it))
try:
    next(it)
except StopIteration as e:
    print("outer", e.value)
for x in g():
    pass
try:
    next(iter(()))
except StopIteration as e:
    print("stale?", e.value)
print(StopIteration(5).value, StopIteration().value)
# A generator expression, or one that fell off its end, ends with no value
# even after a generator it ran returned one.
for x in g():
    pass
ge = (i for i in [])
try:
    next(ge)
except StopIteration as e:
    print("genexp", e.value)
list(g())
try:
    next(i for i in [])
except StopIteration as e:
    print("genexp2", e.value)
def outer():
    for x in g():
        pass
    yield 5
it = outer()
next(it)
try:
    next(it)
except StopIteration as e:
    print("outer fell off", e.value)
def deleg():
    r = yield from g()
    print("r", r)
    return r
print(list(deleg()))
it = deleg(); next(it)
try:
    next(it)
except StopIteration as e:
    print("deleg", e.value)
