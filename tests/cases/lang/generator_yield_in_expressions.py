# A yield anywhere in an expression: what is left of it is evaluated
# before the generator suspends, `and`/`or`/`if else`/comparison chains
# skip the yield on the side not taken, a while condition yields each turn.
def trace(tag, v):
    print("eval", tag)
    return v

def g():
    y = (yield 1) + 10
    print("y", y)
    z = [(yield 2), 5]
    print("z", z)
    w = trace("f", max)(trace("a", 1), (yield 3), trace("b", 2))
    print("w", w)
    v = trace("l", False) and (yield "never")
    print("v", v)
    u = trace("l2", True) and (yield 4)
    print("u", u)
    o = trace("o", 0) or (yield 5)
    print("o", o)
    q = (yield 6) if trace("c", True) else (yield "no")
    print("q", q)
    r = trace("one", 1) < (yield 7) < trace("three", 3)
    print("r", r)
    r2 = 5 < (yield 8) < (yield "skipped")
    print("r2", r2)
    print(f"fs {(yield 9)!r} and {trace('t', 't')}")
    d = {trace("k", "k"): (yield 10)}
    print("d", d)
    n = 0
    while (yield ("w", n)):
        n += 1
    print("n", n)
    if (yield 11) == "yes":
        print("yes")
    elif (yield 12) == "no":
        print("no")
    for i in (yield 13):
        print("i", i)
    a = b = (yield 14)
    print("ab", a, b)
    acc = 1
    acc += (yield 15) * 2
    print("acc", acc)
    print("nested", (yield (yield 16)))
    total = sum([x for x in (yield 17)])
    print("total", total)
    return (yield 18) * 2

replies = {1: 5, 2: 7, 3: 8, 4: "u", 5: "o", 6: "q", 7: 2, 8: 3, 9: "fs",
           10: "dv", 11: "maybe", 12: "no", 13: [1, 2], 14: "ab", 15: 4,
           16: "inner", "inner": "outer", 17: [1, 2, 3], 18: 21}
gen = g()
out = []
v = next(gen)
try:
    while True:
        out.append(v)
        reply = v[1] < 3 if isinstance(v, tuple) else replies[v]
        v = gen.send(reply)
except StopIteration as e:
    print("return", e.value)
print(out)

def averager():
    total, count = 0, 0
    avg = None
    while True:
        total += (yield avg)
        count += 1
        avg = total / count

a = averager()
next(a)
print([a.send(x) for x in (10, 20, 60)])

def only_user_names():
    a = 1
    b = (yield a) + 1
    print(sorted(locals()), b)
    yield

h = only_user_names()
next(h)
h.send(1)
