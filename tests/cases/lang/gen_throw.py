# throw(): raises an exception at the yield; a generator that catches it yields on.
def worker():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            print("worker caught", e)
            yield "recovered"
w = worker()
print(next(w), w.throw(ValueError("bad input")), next(w))
print(w.throw(ValueError, "again"))
def fragile():
    yield 1
    yield 2
f = fragile()
next(f)
try:
    f.throw(KeyError("k"))
except KeyError as e:
    print("propagated", repr(e))
print(next(f, "finished"))
