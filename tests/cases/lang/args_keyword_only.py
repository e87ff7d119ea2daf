# Keyword-only and positional-only parameters.
def f(a, /, b, *, c, d=1):
    return a, b, c, d
print(f(1, 2, c=3), f(1, b=2, c=3, d=4))
def g(*, key):
    return key
print(g(key='k'))
def h(x, y, /):
    return x - y
print(h(5, 3))
def kwonly_default_first(*, a=1, b):
    return a, b
print(kwonly_default_first(b=2))
