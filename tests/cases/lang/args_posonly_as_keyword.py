def f(a, b, /):
    return a + b
print(f(1, 2))
f(1, b=2)
