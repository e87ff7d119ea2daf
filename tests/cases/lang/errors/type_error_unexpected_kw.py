def f(a):
    return a
print(f(a=1))
print(f(b=1))
