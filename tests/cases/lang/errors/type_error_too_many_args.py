def f(a):
    return a
print(f(1))
print(f(1, 2))
