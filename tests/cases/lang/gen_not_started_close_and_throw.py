# close() on a fresh generator just ends it; throw() on a fresh one raises right away.
def g():
    print("body ran")
    yield 1
a = g()
a.close()
print(list(a))
b = g()
try:
    b.throw(ValueError("early"))
except ValueError as e:
    print("raised", e)
print(list(b))
