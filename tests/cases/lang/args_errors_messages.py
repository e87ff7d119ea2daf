def f(a, b, *, c):
    return a
for call in ["f(1)", "f(1, 2)", "f(1, 2, 3)", "f(1, 2, c=3, d=4)", "f(1, a=1, c=2)"]:
    print(call)
print(f(1, 2, c=3))
f(1, 2, 3, c=4)
