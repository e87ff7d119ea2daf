def f(a, *, b, c):
    return a + b + c
print(f(1, b=2, c=3))
f(1, b=2)
