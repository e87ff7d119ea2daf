def scale(x, *, factor):
    return x * factor

print(scale(2, factor=3))
print(scale(2, 3))
