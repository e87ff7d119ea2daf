# yield from delegates send and throw to the generator it drives, and evaluates to its return value (PEP 380).
def inner():
    got = []
    while True:
        x = yield len(got)
        if x is None:
            return got
        got.append(x)

def outer():
    result = yield from inner()
    print("inner returned", result)
    yield "done"

g = outer()
print(next(g))
print(g.send("a"))
print(g.send("b"))
print(next(g))

def sub():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print("sub caught", e)
        yield "recovered"
    return "sub-end"

def main():
    r = yield from sub()
    yield f"main got {r}"

m = main()
print(next(m), m.throw(ValueError("boom")), next(m))

def counter(n):
    for i in range(n):
        yield i
    return n * 10

def chain():
    a = yield from counter(2)
    b = yield from [7, 8]
    c = yield from counter(1)
    yield (a, b, c)

print(list(chain()))

def closer():
    try:
        yield 1
        yield 2
    finally:
        print("inner finally")

def wrap():
    yield from closer()

w = wrap()
print(next(w))
w.close()
print("closed")
