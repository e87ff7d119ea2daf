def f(a, b=1):
    return a
f(1, 2, 3)
