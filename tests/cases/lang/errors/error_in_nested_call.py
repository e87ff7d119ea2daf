def inner(v):
    return 10 // v
def outer(v):
    return inner(v - 1)
print(outer(3))
print(outer(1))
