def f(a, *args):
    return a
print(f(1, 2))
f(1, a=2)
