def f():
    def g():
        nonlocal missing
        missing = 1
    return g
print(f())
