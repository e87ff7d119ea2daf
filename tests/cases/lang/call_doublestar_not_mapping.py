def f(**kw):
    return kw
print(f(**{'a': 1}))
f(**[1, 2])
